import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SentMail } from '#server/email/mailer.ts';
import { createTestApp, type TestApp } from '#tests/support/test-app.ts';
import { openSharedTestDatabase } from '#tests/support/test-database.ts';
import { privateSaleCampaign } from '../private-sales/sale-campaign.ts';
import { sendDueCampaigns } from './campaigns.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A member who consents to email, with a proven address. */
async function consenting(app: TestApp) {
  const m = await app.signedInMember();
  const [row] = await app.ctx.db.query<{ id: string }>(
    'UPDATE accounts SET email_verified = true WHERE loyalty_id = $1 RETURNING id',
    [m.loyaltyId],
  );
  await app.ctx.db.query(
    "INSERT INTO marketing_consents (account_id, channel, choice, source) VALUES ($1, 'email', 'consent', 'signup')",
    [row?.id],
  );
  return { ...m, accountId: row?.id as string };
}

/** A live sale for every member, straight into the tables (the staff door is private-sales' test). */
async function liveSale(app: TestApp, name: string): Promise<string> {
  const [sale] = await app.ctx.db.query<{ id: string }>(
    `INSERT INTO private_sales (name, description, starts_at, ends_at, shop_url, code_kind, shared_code)
     VALUES ($1, '{"en-GB":"d","da-DK":"d"}', now(), now() + interval '1 day', 'https://shop.example.com', 'shared', 'X1')
     RETURNING id`,
    [JSON.stringify({ 'en-GB': name, 'da-DK': name })],
  );
  await app.ctx.db.query(
    "INSERT INTO marketing_campaigns (kind, id, send_at) VALUES ('private-sale', $1, now())",
    [sale?.id],
  );
  return sale?.id as string;
}

const mailTo = (email: string, subject: string) =>
  t.mails.find((mail) => mail.to === email && mail.subject.startsWith(subject)) as SentMail;

/** The URL between the angle brackets of List-Unsubscribe, as a mail client reads it. */
function unsubscribeUrlOf(mail: SentMail): string {
  const header = mail.headers?.['List-Unsubscribe'] ?? '';
  const match = /^<(https?:\/\/[^>]+)>$/.exec(header);
  if (!match?.[1]) throw new Error(`no List-Unsubscribe URL in ${header}`);
  return match[1];
}

const consentOf = async (accountId: string) =>
  t.ctx.db.query<{ choice: string; source: string }>(
    "SELECT choice, source FROM marketing_consents WHERE account_id = $1 AND channel = 'email' ORDER BY id DESC",
    [accountId],
  );

describe('one-click unsubscribe (RFC 8058)', () => {
  it('each mail carries List-Unsubscribe with a link of its own, List-Unsubscribe-Post, and the visible link', async () => {
    const a = await consenting(t);
    const b = await consenting(t);
    await liveSale(t, 'Headers sale');
    await sendDueCampaigns(t.ctx, [privateSaleCampaign]);
    await t.ctx.outbox.drain();
    const mailA = mailTo(a.email, 'Headers sale');
    const mailB = mailTo(b.email, 'Headers sale');
    expect(mailA.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const urlA = unsubscribeUrlOf(mailA);
    expect(urlA).toMatch(/^http:\/\/localhost:3000\/unsubscribe\/[A-Za-z0-9_-]{43}$/);
    expect(unsubscribeUrlOf(mailB)).not.toBe(urlA);
    expect(mailA.html).toContain(`href="${urlA}"`);
    expect(mailA.text).toContain(urlA);
    expect(mailA.text).toContain('Unsubscribe from these emails');
  });

  it('a mail client POSTs the form without a cookie or Origin: the consent is withdrawn, shown in the history, once', async () => {
    const m = await consenting(t);
    await liveSale(t, 'One-click sale');
    await sendDueCampaigns(t.ctx, [privateSaleCampaign]);
    await t.ctx.outbox.drain();
    const path = new URL(unsubscribeUrlOf(mailTo(m.email, 'One-click sale'))).pathname;
    const post = () =>
      t.app.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
    const first = await post();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ success: true, unsubscribed: 'now' });
    expect((await consentOf(m.accountId))[0]).toEqual({ choice: 'decline', source: 'unsubscribe-link' });
    const history = await m.client.get<{ history: { channel: string; choice: string; place: string }[] }>(
      '/api/privacy/consents',
    );
    expect(history.body.history[0]).toMatchObject({
      channel: 'email',
      choice: 'decline',
      place: 'unsubscribe-link',
    });
    // Replayed after the member said yes again: the used link changes nothing.
    await t.ctx.db.query(
      "INSERT INTO marketing_consents (account_id, channel, choice, source) VALUES ($1, 'email', 'consent', 'edit-details')",
      [m.accountId],
    );
    const replay = await post();
    expect(replay.json()).toMatchObject({ unsubscribed: 'already' });
    expect((await consentOf(m.accountId))[0]?.choice).toBe('consent');
  });

  it('a forged, malformed or other token is a 404 that writes nothing; a GET is the page, which changes nothing', async () => {
    const m = await consenting(t);
    await liveSale(t, 'Forgery sale');
    await sendDueCampaigns(t.ctx, [privateSaleCampaign]);
    await t.ctx.outbox.drain();
    const real = new URL(unsubscribeUrlOf(mailTo(m.email, 'Forgery sale'))).pathname;
    const rows = async () => (await t.ctx.db.query('SELECT id FROM marketing_consents')).length;
    const before = await rows();
    const flipped = real.slice(0, -1) + (real.endsWith('A') ? 'B' : 'A');
    for (const path of [
      flipped,
      '/unsubscribe/short',
      `/unsubscribe/${'A'.repeat(43)}`,
      `/unsubscribe/${m.accountId}`,
    ]) {
      const res = await t.client().post(path, {});
      expect(res.status, path).toBe(404);
      expect(res.body).toMatchObject({ success: false, error: 'LinkInvalid' });
    }
    const page = await t.app.inject({ method: 'GET', url: real });
    expect(page.statusCode).not.toBe(500);
    expect(await rows()).toBe(before);
    expect((await consentOf(m.accountId))[0]?.choice).toBe('consent');
  });

  it('is sent only while the member consents: a member who withdrew before the send gets nothing', async () => {
    const m = await consenting(t);
    await m.client.post('/api/privacy/withdraw-consent', { channel: 'email' });
    await liveSale(t, 'Withdrawn sale');
    await sendDueCampaigns(t.ctx, [privateSaleCampaign]);
    await t.ctx.outbox.drain();
    expect(t.mails.filter((mail) => mail.to === m.email)).toHaveLength(0);
  });

  it('in batches: every consenting member gets it once however small the batch', async () => {
    const members = await Promise.all(Array.from({ length: 7 }, () => consenting(t)));
    await liveSale(t, 'Batched sale');
    await sendDueCampaigns(t.ctx, [privateSaleCampaign], 2);
    await t.ctx.outbox.drain();
    for (const m of members) {
      expect(
        t.mails.filter((mail) => mail.to === m.email && mail.subject.startsWith('Batched sale')),
      ).toHaveLength(1);
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('two app servers send a campaign once (PostgreSQL)', () => {
  it('both servers sending at once write each member one mail', async () => {
    const shared = await openSharedTestDatabase();
    const one = await createTestApp({ db: shared.first });
    const two = await createTestApp({ db: shared.second });
    try {
      const members = [];
      for (let i = 0; i < 30; i++) members.push(await consenting(i % 2 ? one : two));
      await liveSale(one, 'Twice sale');
      await Promise.all([
        sendDueCampaigns(one.ctx, [privateSaleCampaign], 4),
        sendDueCampaigns(two.ctx, [privateSaleCampaign], 4),
        sendDueCampaigns(one.ctx, [privateSaleCampaign], 4),
        sendDueCampaigns(two.ctx, [privateSaleCampaign], 4),
      ]);
      await Promise.all([one.ctx.outbox.drain(), two.ctx.outbox.drain()]);
      const sent = [...one.mails, ...two.mails].filter((mail) => mail.subject.startsWith('Twice sale'));
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
