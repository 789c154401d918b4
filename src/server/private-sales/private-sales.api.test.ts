import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInStaff } from '#tests/support/staff-fixture.ts';
import { createTestApp, type TestApp, type TestClient } from '#tests/support/test-app.ts';
import { sendDueCampaigns } from '../marketing-mail/campaigns.ts';
import { privateSaleCampaign } from './sale-campaign.ts';

let t: TestApp;
let manager: TestClient;
let support: TestClient;
beforeAll(async () => {
  t = await createTestApp({ config: { staff: { signInPerAddress: 10_000 }, vipLevels: ['Gold'] } });
  manager = (await signedInStaff(t, 'manager')).client;
  support = (await signedInStaff(t, 'support')).client;
});
afterAll(() => t.close());

const hour = 3_600_000;
const inHours = (hours: number) => new Date(Date.now() + hours * hour).toISOString();

function saleInput(overrides: Record<string, unknown> = {}) {
  return {
    name: { 'en-GB': 'Winter private sale', 'da-DK': 'Privat vinterudsalg' },
    description: { 'en-GB': 'Up to 40% off coats.', 'da-DK': 'Op til 40 % på frakker.' },
    startsAt: inHours(0),
    endsAt: inHours(48),
    levels: null,
    shopUrl: 'https://shop.example.com/private',
    codes: { kind: 'list', codes: ['WINTER-1', 'WINTER-2', 'WINTER-3'] },
    ...overrides,
  };
}

type Sale = { id: string; codes: { total: number; given: number }; revealed: number };

async function created(overrides: Record<string, unknown> = {}): Promise<Sale> {
  const res = await manager.post<{ sale: Sale }>('/staff-api/private-sales', saleInput(overrides));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.sale;
}

/** A signed-in member with this discount level, consenting to email with a proven address. */
async function member(level: string | null = null, consent = true) {
  const m = await t.signedInMember();
  await t.ctx.db.query('UPDATE accounts SET vip_level = $2, email_verified = true WHERE loyalty_id = $1', [
    m.loyaltyId,
    level,
  ]);
  if (consent)
    await t.ctx.db.query(
      `INSERT INTO marketing_consents (account_id, channel, choice, source)
       SELECT id, 'email', 'consent', 'signup' FROM accounts WHERE loyalty_id = $1`,
      [m.loyaltyId],
    );
  return m;
}

const count = async (sql: string, params: unknown[] = []) =>
  Number((await t.ctx.db.query<{ n: number }>(sql, params))[0]?.n);

describe('staff define private sales', () => {
  it('a manager creates one with imported codes, audited; support see the list and its code stock but cannot create', async () => {
    const sale = await created();
    expect(sale.codes).toEqual({ total: 3, given: 0 });
    expect(
      await count("SELECT count(*)::int AS n FROM audit_log WHERE action = 'private_sale.create'"),
    ).toBeGreaterThan(0);
    const list = await support.get<{ sales: Sale[] }>('/staff-api/private-sales');
    expect(list.status).toBe(200);
    expect(list.body.sales.find((s) => s.id === sale.id)?.codes.total).toBe(3);
    expect((await support.post('/staff-api/private-sales', saleInput())).status).toBe(403);
  });

  it('refuses bad input with a clear 4xx that writes nothing', async () => {
    const before = await count('SELECT count(*)::int AS n FROM private_sales');
    const codesBefore = await count('SELECT count(*)::int AS n FROM private_sale_codes');
    const cases: [Record<string, unknown>, number, string][] = [
      [{ startsAt: inHours(-24), endsAt: inHours(24) }, 400, 'startsAt'],
      [{ startsAt: inHours(-72), endsAt: inHours(-48) }, 400, 'startsAt'],
      [{ startsAt: inHours(2), endsAt: inHours(1) }, 400, 'endsAt'],
      [{ levels: ['Banana'] }, 400, 'levels'],
      [{ codes: { kind: 'list', codes: ['A1', 'B2', 'a1'] } }, 409, 'DuplicateCodes'],
      [{ codes: { kind: 'list', codes: ['=cmd()'] } }, 400, 'codes'],
      [{ shopUrl: 'javascript:alert(1)' }, 400, 'shopUrl'],
    ];
    for (const [overrides, status, about] of cases) {
      const res = await manager.post('/staff-api/private-sales', saleInput(overrides));
      expect(res.status, JSON.stringify(overrides)).toBe(status);
      expect(JSON.stringify(res.body)).toContain(about);
    }
    expect(await count('SELECT count(*)::int AS n FROM private_sales')).toBe(before);
    expect(await count('SELECT count(*)::int AS n FROM private_sale_codes')).toBe(codesBefore);
  });

  it('adds codes: a code the sale has is refused whole; generated codes are unique; the CSV lists them for the shop', async () => {
    const sale = await created();
    const dup = await manager.post(`/staff-api/private-sales/${sale.id}/codes`, {
      codes: { kind: 'list', codes: ['NEW-1', 'winter-2'] },
    });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ error: 'DuplicateCodes' });
    const more = await manager.post<{ sale: Sale }>(`/staff-api/private-sales/${sale.id}/codes`, {
      codes: { kind: 'generate', count: 50 },
    });
    expect(more.body.sale.codes.total).toBe(53);
    const csv = await manager.get<string>(`/staff-api/private-sales/${sale.id}/codes.csv`);
    expect(csv.status).toBe(200);
    expect(String(csv.headers['content-type'])).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('code,given,given_at');
    expect(lines).toHaveLength(54);
    expect(new Set(lines).size).toBe(54);
    expect((await support.get(`/staff-api/private-sales/${sale.id}/codes.csv`)).status).toBe(403);
    expect((await manager.get('/staff-api/private-sales/not-a-sale/codes.csv')).status).toBe(404);
  });
});

describe('members reveal their code', () => {
  it('Home shows the live sale to an eligible member and the next one with its date; the code is the same at every reveal', async () => {
    // It ends first of the live sales, so it is the one Home shows.
    const live = await created({ levels: ['Gold'], endsAt: inHours(1) });
    const next = await created({ levels: ['Gold'], startsAt: inHours(24 * 20), endsAt: inHours(24 * 21) });
    const gold = await member('Gold');
    const home = await gold.client.get<{
      live: { id: string; code: null };
      next: { id: string; startsAt: string };
    }>('/api/private-sales');
    expect(home.body.live).toMatchObject({ id: live.id, code: null, name: 'Winter private sale' });
    expect(home.body.next).toMatchObject({ id: next.id });
    expect(home.body.next).not.toHaveProperty('shopUrl');
    const first = await gold.client.post<{ code: string }>(`/api/private-sales/${live.id}/reveal`);
    expect(first.status).toBe(200);
    const again = await gold.client.post<{ code: string }>(`/api/private-sales/${live.id}/reveal`);
    expect(again.body.code).toBe(first.body.code);
    const after = await gold.client.get<{ live: { code: string } }>('/api/private-sales');
    expect(after.body.live.code).toBe(first.body.code);
    expect(
      await count(
        "SELECT count(*)::int AS n FROM audit_log WHERE actor_kind = 'member' AND action = 'private_sale.reveal' AND member_id = (SELECT id FROM accounts WHERE loyalty_id = $1)",
        [gold.loyaltyId],
      ),
    ).toBe(1);
  });

  it('a member outside the levels sees neither sale, and a reveal is 403 NotEligible that writes nothing', async () => {
    const sale = await created({ levels: ['Gold'] });
    const other = await member('10%');
    const home = await other.client.get<{ live: unknown; next: unknown }>('/api/private-sales');
    expect(JSON.stringify(home.body)).not.toContain(sale.id);
    const reveals = await count('SELECT count(*)::int AS n FROM private_sale_reveals');
    const res = await other.client.post(`/api/private-sales/${sale.id}/reveal`);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: 'NotEligible' });
    expect(await count('SELECT count(*)::int AS n FROM private_sale_reveals')).toBe(reveals);
    expect(
      await count(
        'SELECT count(*)::int AS n FROM private_sale_codes WHERE sale_id = $1 AND given_at IS NOT NULL',
        [sale.id],
      ),
    ).toBe(0);
  });

  it('a sale not yet open, an unknown sale and running out of codes are clear 4xx answers; signed out is 401', async () => {
    const later = await created({ startsAt: inHours(5), endsAt: inHours(6) });
    const m = await member();
    expect((await m.client.post(`/api/private-sales/${later.id}/reveal`)).body).toMatchObject({
      error: 'SaleNotLive',
    });
    expect(
      (await m.client.post('/api/private-sales/00000000-0000-0000-0000-000000000000/reveal')).status,
    ).toBe(404);
    expect((await m.client.post('/api/private-sales/nope/reveal')).status).toBe(404);
    const one = await created({ codes: { kind: 'list', codes: ['ONLY-ONE'] } });
    expect((await m.client.post(`/api/private-sales/${one.id}/reveal`)).body).toMatchObject({
      code: 'ONLY-ONE',
    });
    const late = await member();
    const out = await late.client.post(`/api/private-sales/${one.id}/reveal`);
    expect(out.status).toBe(409);
    expect(out.body).toMatchObject({ error: 'CodesRunOut' });
    expect((await t.client().post(`/api/private-sales/${one.id}/reveal`)).status).toBe(401);
  });

  it('a shared code is the same for everyone; reveals are in the data export and erased with the account', async () => {
    const sale = await created({ codes: { kind: 'shared', code: 'MEMBERS25' } });
    const m = await member();
    expect((await m.client.post(`/api/private-sales/${sale.id}/reveal`)).body).toMatchObject({
      code: 'MEMBERS25',
    });
    const exported = await m.client.get<{ privateSaleReveals: { sale: string; code: string }[] }>(
      '/api/privacy/export',
    );
    expect(exported.body.privateSaleReveals).toContainEqual(
      expect.objectContaining({ sale: 'Winter private sale', code: 'MEMBERS25' }),
    );
    const accountId = (
      await t.ctx.db.query<{ id: string }>('SELECT id FROM accounts WHERE loyalty_id = $1', [m.loyaltyId])
    )[0]?.id;
    const deleted = await m.client.post('/api/delete-account', { username: m.email });
    expect(deleted.status, JSON.stringify(deleted.body)).toBeLessThan(300);
    expect(
      await count('SELECT count(*)::int AS n FROM private_sale_reveals WHERE account_id = $1', [accountId]),
    ).toBe(0);
  });

  it('the start email goes to eligible consenting members only, once, with a link to Home', async () => {
    const gold = await member('Gold');
    const declined = await member('Gold', false);
    const silver = await member('Silver-ish');
    await created({ levels: ['Gold'], name: { 'en-GB': 'Gold hour', 'da-DK': 'Guldtime' } });
    await sendDueCampaigns(t.ctx, [privateSaleCampaign]);
    await sendDueCampaigns(t.ctx, [privateSaleCampaign]);
    await t.ctx.outbox.drain();
    const mails = t.mails.filter((mail) => mail.subject.startsWith('Gold hour'));
    expect(mails.filter((mail) => mail.to === gold.email)).toHaveLength(1);
    expect(mails.map((mail) => mail.to)).not.toContain(declined.email);
    expect(mails.map((mail) => mail.to)).not.toContain(silver.email);
    expect(mails[0]?.subject).toBe('Gold hour: a private sale for Members Club members');
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('100 parallel reveals (PostgreSQL)', () => {
  it('distinct members get distinct codes, one member always one code, and the rest hear the codes ran out', async () => {
    const sale = await created({ codes: { kind: 'generate', count: 60 } });
    const members = [];
    for (let i = 0; i < 70; i++) members.push(await member());
    const repeater = members[0] as Awaited<ReturnType<typeof member>>;
    const calls = [
      ...members.map((m) =>
        m.client.post<{ code?: string; error?: string }>(`/api/private-sales/${sale.id}/reveal`),
      ),
      ...Array.from({ length: 30 }, () =>
        repeater.client.post<{ code?: string; error?: string }>(`/api/private-sales/${sale.id}/reveal`),
      ),
    ];
    const answers = await Promise.all(calls);
    const byMember = answers.slice(0, 70);
    const repeats = [answers[0], ...answers.slice(70)];
    const given = byMember.filter((a) => a.status === 200).map((a) => a.body.code);
    expect(given).toHaveLength(60);
    expect(new Set(given).size).toBe(60);
    const refused = byMember.filter((a) => a.status !== 200);
    expect(refused).toHaveLength(10);
    for (const a of refused) expect(a).toMatchObject({ status: 409, body: { error: 'CodesRunOut' } });
    // The repeater's 31 reveals: one code, or (had the codes run out first) all refused alike.
    expect(new Set(repeats.map((a) => a?.body.code ?? a?.body.error)).size).toBe(1);
    expect(
      await count(
        'SELECT count(*)::int AS n FROM private_sale_codes WHERE sale_id = $1 AND given_at IS NOT NULL',
        [sale.id],
      ),
    ).toBe(60);
    expect(
      await count('SELECT count(*)::int AS n FROM private_sale_reveals WHERE sale_id = $1', [sale.id]),
    ).toBe(60);
  });
});

describe('the demo', () => {
  it('seeds one live sale the demo member may shop, once, described in the scheme’s currency', async () => {
    const demo = await createTestApp({ config: { locale: 'da-DK' } });
    try {
      const { seedDemo, demoMember } = await import('../demo/demo-data.ts');
      await Promise.all([seedDemo(demo.ctx), seedDemo(demo.ctx)]);
      const sales = await demo.ctx.db.query<{ description: Record<string, string> }>(
        'SELECT description FROM private_sales',
      );
      expect(sales).toHaveLength(1);
      expect(sales[0]?.description['da-DK']).toContain('kr.');
      const client = demo.client();
      await client.post('/api/login', { username: demoMember.email, password: demoMember.password });
      const home = await client.get<{ live: { id: string; name: string } }>('/api/private-sales');
      expect(home.body.live.name).toBe('Privat vinterudsalg');
      const reveal = await client.post<{ code: string }>(`/api/private-sales/${home.body.live.id}/reveal`);
      expect(reveal.body.code).toMatch(/^WINTER-\d{4}$/);
    } finally {
      await demo.close();
    }
  });
});
