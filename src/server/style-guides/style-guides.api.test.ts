import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInStaff } from '#tests/support/staff-fixture.ts';
import { createTestApp, type TestApp, type TestClient } from '#tests/support/test-app.ts';
import { openSharedTestDatabase } from '#tests/support/test-database.ts';
import { sendDueCampaigns } from '../marketing-mail/campaigns.ts';
import { privateSaleCampaign } from '../private-sales/sale-campaign.ts';
import { styleGuideCampaign } from './guide-campaign.ts';

let t: TestApp;
let manager: TestClient;
let support: TestClient;
let cover: string;
beforeAll(async () => {
  t = await createTestApp({ config: { staff: { signInPerAddress: 10_000 } } });
  manager = (await signedInStaff(t, 'manager')).client;
  support = (await signedInStaff(t, 'support')).client;
  cover = await uploadedCover(manager);
});
afterAll(() => t.close());

const hour = 3_600_000;
const inHours = (hours: number) => new Date(Date.now() + hours * hour).toISOString();

async function uploadedCover(client: TestClient): Promise<string> {
  const jpeg = await sharp({ create: { width: 800, height: 500, channels: 3, background: '#7a5c43' } })
    .jpeg()
    .toBuffer();
  const res = await client.upload<{ image: { id: string } }>('/staff-api/images', jpeg);
  expect(res.status).toBe(201);
  return res.body.image.id;
}

function guideInput(overrides: Record<string, unknown> = {}) {
  return {
    title: { 'en-GB': 'Layering for winter', 'da-DK': 'Lag på lag til vinteren' },
    body: {
      'en-GB': '# Start with knitwear\n\nA fine merino under a [wool coat](https://shop.example.com/coat).',
      'da-DK': '# Start med strik\n\nEn tynd merino under en [uldfrakke](https://shop.example.com/coat).',
    },
    coverImageId: cover,
    publishAt: inHours(24),
    ...overrides,
  };
}

type Guide = { id: string; publishAt: string; published: boolean; cover: { id: string } };

async function created(overrides: Record<string, unknown> = {}): Promise<Guide> {
  const res = await manager.post<{ guide: Guide }>('/staff-api/style-guides', guideInput(overrides));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.guide;
}

/** Brings a guide's publication (and its email's send) to now, as time passing would. */
async function publishNow(app: TestApp, id: string): Promise<void> {
  await app.ctx.db.query('UPDATE style_guides SET publish_at = now() WHERE id = $1', [id]);
  await app.ctx.db.query(
    "UPDATE marketing_campaigns SET send_at = now() WHERE kind = 'style-guide' AND id = $1",
    [id],
  );
}

/** A signed-in member who consents to email (or not), with a proven address. */
async function member(app: TestApp, consent = true) {
  const m = await app.signedInMember();
  await app.ctx.db.query('UPDATE accounts SET email_verified = true WHERE loyalty_id = $1', [m.loyaltyId]);
  if (consent)
    await app.ctx.db.query(
      `INSERT INTO marketing_consents (account_id, channel, choice, source)
       SELECT id, 'email', 'consent', 'signup' FROM accounts WHERE loyalty_id = $1`,
      [m.loyaltyId],
    );
  return m;
}

const count = async (sql: string, params: unknown[] = []) =>
  Number((await t.ctx.db.query<{ n: number }>(sql, params))[0]?.n);

describe('staff write and schedule guides', () => {
  it('a manager creates one, audited, with its email scheduled; support read and preview but cannot write', async () => {
    const guide = await created();
    expect(guide.published).toBe(false);
    expect(guide.cover.id).toBe(cover);
    expect(
      await count("SELECT count(*)::int AS n FROM audit_log WHERE action = 'style_guide.create'"),
    ).toBeGreaterThan(0);
    expect(
      await count(
        "SELECT count(*)::int AS n FROM marketing_campaigns WHERE kind = 'style-guide' AND id = $1",
        [guide.id],
      ),
    ).toBe(1);
    const list = await support.get<{ guides: Guide[]; nextDue: { at: string; overdue: boolean } }>(
      '/staff-api/style-guides',
    );
    expect(list.status).toBe(200);
    expect(list.body.guides.some((g) => g.id === guide.id)).toBe(true);
    expect(new Date(list.body.nextDue.at).getTime()).toBeGreaterThan(new Date(guide.publishAt).getTime());
    expect(list.body.nextDue.overdue).toBe(false);
    const preview = await support.post<{ html: string }>('/staff-api/style-guides/preview', {
      locale: 'da-DK',
      title: 'x',
      body: '# Strik\n\n<b>fed</b>',
    });
    expect(preview.status).toBe(200);
    expect(preview.body.html).toContain('<h2>Strik</h2>');
    expect(preview.body.html).toContain('&lt;b&gt;fed&lt;/b&gt;');
    expect((await support.post('/staff-api/style-guides', guideInput())).status).toBe(403);
  });

  it('the next guide is due 14 days after the latest, and says when it is overdue', async () => {
    const fresh = await createTestApp();
    try {
      const boss = (await signedInStaff(fresh, 'manager')).client;
      const none = await boss.get<{ nextDue: { at: string | null } }>('/staff-api/style-guides');
      expect(none.body.nextDue.at).toBeNull();
      const image = await uploadedCover(boss);
      const res = await boss.post<{ guide: Guide }>(
        '/staff-api/style-guides',
        guideInput({ coverImageId: image, publishAt: inHours(1) }),
      );
      await fresh.ctx.db.query("UPDATE style_guides SET publish_at = now() - interval '20 days'");
      const late = await boss.get<{ nextDue: { at: string; overdue: boolean } }>('/staff-api/style-guides');
      expect(late.body.nextDue.overdue).toBe(true);
      const [row] = await fresh.ctx.db.query<{ publish_at: Date }>(
        'SELECT publish_at FROM style_guides WHERE id = $1',
        [res.body.guide.id],
      );
      expect(new Date(late.body.nextDue.at).getTime() - new Date(row?.publish_at ?? 0).getTime()).toBe(
        14 * 24 * hour,
      );
    } finally {
      await fresh.close();
    }
  });

  it('refuses bad input with a clear 4xx that writes nothing', async () => {
    const text = await manager.upload('/staff-api/images', Buffer.from('not a picture at all'));
    expect(text.status).toBe(422);
    const before = await count('SELECT count(*)::int AS n FROM style_guides');
    const audits = await count("SELECT count(*)::int AS n FROM audit_log WHERE action LIKE 'style_guide.%'");
    const body = (en: string) => ({ 'en-GB': en, 'da-DK': 'Fin tekst.' });
    const cases: [Record<string, unknown>, number, string][] = [
      [{ title: { 'en-GB': '', 'da-DK': 'Titel' } }, 400, 'title.en-GB'],
      [{ title: { 'en-GB': '   ', 'da-DK': 'Titel' } }, 400, 'title.en-GB'],
      [{ body: body('') }, 400, 'body.en-GB'],
      [{ body: body('[Click](javascript:alert(1))') }, 400, 'body.en-GB'],
      [{ body: body('<javascript:alert(1)>') }, 400, 'body.en-GB'],
      [{ body: body('![x](data:image/png;base64,AAAA)') }, 400, 'body.en-GB'],
      [{ body: body('![x](http://insecure.example.com/a.png)') }, 400, 'body.en-GB'],
      [{ body: body('Nul \u0000 here') }, 400, 'body.en-GB'],
      [{ publishAt: inHours(-24) }, 400, 'publishAt'],
      [{ publishAt: 'tomorrow' }, 400, 'publishAt'],
      [{ coverImageId: 'not-an-id' }, 400, 'coverImageId'],
      [{ coverImageId: '0b6c54f6-5b7e-4c8e-9a55-7d0f1f3f2a11' }, 400, 'coverImageId'],
    ];
    for (const [overrides, status, field] of cases) {
      const res = await manager.post<{ fieldErrors?: Record<string, string> }>(
        '/staff-api/style-guides',
        guideInput(overrides),
      );
      expect(res.status, JSON.stringify(overrides)).toBe(status);
      expect(Object.keys(res.body.fieldErrors ?? {}), JSON.stringify(res.body)).toContain(field);
    }
    const js = await manager.post<{ message: string }>(
      '/staff-api/style-guides',
      guideInput({ body: body('[Click](javascript:alert(1))') }),
    );
    expect(js.body.message).toContain('javascript:alert(1)');
    const badPreview = await support.post('/staff-api/style-guides/preview', {
      locale: 'en-GB',
      title: 'x',
      body: '[x](javascript:alert(1))',
    });
    expect(badPreview.status).toBe(400);
    expect(await count('SELECT count(*)::int AS n FROM style_guides')).toBe(before);
    expect(await count("SELECT count(*)::int AS n FROM audit_log WHERE action LIKE 'style_guide.%'")).toBe(
      audits,
    );
  });

  it('a scheduled guide moves to another time to come; a published one keeps its time (409), writing nothing', async () => {
    const guide = await created();
    const moved = await manager.post<{ guide: Guide }>(
      `/staff-api/style-guides/${guide.id}`,
      guideInput({ publishAt: inHours(48), title: { 'en-GB': 'Moved', 'da-DK': 'Flyttet' } }),
    );
    expect(moved.status).toBe(200);
    const [campaign] = await t.ctx.db.query<{ send_at: Date }>(
      "SELECT send_at FROM marketing_campaigns WHERE kind = 'style-guide' AND id = $1",
      [guide.id],
    );
    expect(new Date(campaign?.send_at ?? 0).toISOString()).toBe(moved.body.guide.publishAt);
    expect(
      (await manager.post(`/staff-api/style-guides/${guide.id}`, guideInput({ publishAt: inHours(-5) })))
        .status,
    ).toBe(400);

    await publishNow(t, guide.id);
    const [published] = await t.ctx.db.query<{ publish_at: Date; title: Record<string, string> }>(
      'SELECT publish_at, title FROM style_guides WHERE id = $1',
      [guide.id],
    );
    const at = new Date(published?.publish_at ?? 0).toISOString();
    const audits = await count(
      "SELECT count(*)::int AS n FROM audit_log WHERE action = 'style_guide.update'",
    );
    const refused = await manager.post<{ error: string }>(
      `/staff-api/style-guides/${guide.id}`,
      guideInput({ publishAt: inHours(72) }),
    );
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('GuidePublished');
    expect(await count("SELECT count(*)::int AS n FROM audit_log WHERE action = 'style_guide.update'")).toBe(
      audits,
    );
    // Its words may still be corrected, at the same time.
    const corrected = await manager.post<{ guide: Guide }>(
      `/staff-api/style-guides/${guide.id}`,
      guideInput({ publishAt: at, title: { 'en-GB': 'Corrected', 'da-DK': 'Rettet' } }),
    );
    expect(corrected.status).toBe(200);
    expect(corrected.body.guide.published).toBe(true);
    const unknown = await manager.post(
      '/staff-api/style-guides/0b6c54f6-5b7e-4c8e-9a55-7d0f1f3f2a11',
      guideInput(),
    );
    expect(unknown.status).toBe(404);
    expect((await manager.post('/staff-api/style-guides/nope', guideInput())).status).toBe(404);
  });
});

describe('members read published guides', () => {
  it('a member reads a published guide rendered safely; an unpublished or unknown one is 404; visitors 401', async () => {
    const m = await member(t);
    const scheduled = await created({ title: { 'en-GB': 'Not yet', 'da-DK': 'Ikke endnu' } });
    const out = await created({ title: { 'en-GB': 'Out now', 'da-DK': 'Ude nu' } });
    await publishNow(t, out.id);
    const list = await m.client.get<{ guides: { id: string; title: string }[] }>('/api/style-guides');
    expect(list.status).toBe(200);
    expect(list.body.guides.map((g) => g.id)).toContain(out.id);
    expect(list.body.guides.map((g) => g.id)).not.toContain(scheduled.id);
    const read = await m.client.get<{ guide: { title: string; html: string } }>(
      `/api/style-guides/${out.id}`,
    );
    expect(read.status).toBe(200);
    expect(read.body.guide.title).toBe('Out now');
    expect(read.body.guide.html).toContain(
      '<a href="https://shop.example.com/coat" rel="noopener noreferrer">',
    );
    expect((await m.client.get(`/api/style-guides/${scheduled.id}`)).status).toBe(404);
    expect((await m.client.get('/api/style-guides/0b6c54f6-5b7e-4c8e-9a55-7d0f1f3f2a11')).status).toBe(404);
    expect((await m.client.get('/api/style-guides/x')).status).toBe(404);
    expect((await t.client().get(`/api/style-guides/${out.id}`)).status).toBe(401);
    // Reads are not recorded: nothing for the data export or erasure to carry.
    expect(
      await count(
        "SELECT count(*)::int AS n FROM information_schema.tables WHERE table_name LIKE 'style_guide_read%'",
      ),
    ).toBe(0);
  });
});

describe('the email at publication', () => {
  it('goes once to each consenting member, with one-click unsubscribe, and not before publication', async () => {
    const yes = await member(t);
    const no = await member(t, false);
    const guide = await created({ title: { 'en-GB': 'Mail guide', 'da-DK': 'Mailguide' } });
    await sendDueCampaigns(t.ctx, [privateSaleCampaign, styleGuideCampaign]);
    await t.ctx.outbox.drain();
    expect(t.mails.filter((mail) => mail.subject.startsWith('Mail guide'))).toHaveLength(0);
    await publishNow(t, guide.id);
    await sendDueCampaigns(t.ctx, [privateSaleCampaign, styleGuideCampaign]);
    await sendDueCampaigns(t.ctx, [privateSaleCampaign, styleGuideCampaign]);
    await t.ctx.outbox.drain();
    const mails = t.mails.filter((mail) => mail.subject.startsWith('Mail guide'));
    expect(mails.filter((mail) => mail.to === yes.email)).toHaveLength(1);
    expect(mails.filter((mail) => mail.to === no.email)).toHaveLength(0);
    const [mail] = mails.filter((m) => m.to === yes.email);
    expect(mail?.subject).toBe(
      'Mail guide: the new Members Club style guide'.replace('Members Club', t.config.title),
    );
    expect(mail?.headers?.['List-Unsubscribe']).toMatch(
      /^<http:\/\/localhost:3000\/unsubscribe\/[A-Za-z0-9_-]{43}>$/,
    );
    expect(mail?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail?.text).toContain(`/style-guides/${guide.id}`);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('two app servers send a guide once (PostgreSQL)', () => {
  it('both servers sending at once write each member one mail', async () => {
    const shared = await openSharedTestDatabase();
    const one = await createTestApp({ db: shared.first, config: { staff: { signInPerAddress: 10_000 } } });
    const two = await createTestApp({ db: shared.second });
    try {
      const members = [];
      for (let i = 0; i < 30; i++) members.push(await member(i % 2 ? one : two));
      const boss = (await signedInStaff(one, 'manager')).client;
      const image = await uploadedCover(boss);
      const res = await boss.post<{ guide: Guide }>(
        '/staff-api/style-guides',
        guideInput({ coverImageId: image, title: { 'en-GB': 'Twice guide', 'da-DK': 'To gange' } }),
      );
      expect(res.status).toBe(201);
      await publishNow(one, res.body.guide.id);
      const kinds = [privateSaleCampaign, styleGuideCampaign];
      await Promise.all([
        sendDueCampaigns(one.ctx, kinds, 4),
        sendDueCampaigns(two.ctx, kinds, 4),
        sendDueCampaigns(one.ctx, kinds, 4),
        sendDueCampaigns(two.ctx, kinds, 4),
      ]);
      await Promise.all([one.ctx.outbox.drain(), two.ctx.outbox.drain()]);
      const sent = [...one.mails, ...two.mails].filter((mail) => mail.subject.startsWith('Twice guide'));
      for (const m of members)
        expect(
          sent.filter((mail) => mail.to === m.email),
          m.email,
        ).toHaveLength(1);
      expect(sent).toHaveLength(30);
    } finally {
      await one.close();
      await two.close();
      await shared.close();
    }
  });
});
