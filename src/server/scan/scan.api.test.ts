import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tillPurchase } from '#tests/support/points-fixture.ts';
import { signedInStaff } from '#tests/support/staff-fixture.ts';
import { createTestApp, type TestApp, type TestClient } from '#tests/support/test-app.ts';

/**
 * Scan a card: who may look a card up (staff only), what each role sees, the one-tap visit
 * (audited, recorded once), bad input refused with nothing written, visits in the data export and
 * gone with the account.
 */

let t: TestApp;
let support: TestClient;
let manager: TestClient;
let storeId: string;
let member: Awaited<ReturnType<TestApp['signedInMember']>>;

interface Scanned {
  kind: 'member';
  member: {
    loyaltyId: string;
    fullName: string;
    vipLevel: string | null;
    personalShopper: { displayName: string } | null;
    appointmentToday: null;
    visits: { visitedAt: string; store: string }[];
    points?: { balance: number; pending: number };
    purchases?: { amount: number | null; currency: string | null; points: number; store: string | null }[];
    visitId: string;
  };
}

const count = async (sql: string, params: unknown[]) =>
  Number((await t.ctx.db.query<{ n: number }>(sql, params))[0]?.n ?? 0);
const visitsOf = (loyaltyId: string) =>
  count(
    'SELECT count(*)::int AS n FROM store_visits v JOIN accounts a ON a.id = v.account_id WHERE a.loyalty_id = $1',
    [loyaltyId],
  );
const auditRows = (visitId: string) =>
  count(
    "SELECT count(*)::int AS n FROM audit_log WHERE action = 'store_visit.record' AND change->>'visitId' = $1",
    [visitId],
  );

beforeAll(async () => {
  t = await createTestApp({ config: { staff: { signInPerAddress: 10_000 } } });
  support = (await signedInStaff(t, 'support')).client;
  const managerStaff = await signedInStaff(t, 'manager');
  manager = managerStaff.client;
  [{ id: storeId }] = (await t.ctx.db.query<{ id: string }>(
    "INSERT INTO stores (code, name, time_zone) VALUES ('SCAN-1', 'Scan Street', 'Europe/London') RETURNING id",
  )) as [{ id: string }];
  member = await t.signedInMember({ name: 'Sam Scanned' });
  // Their personal shopper is the manager, with a stylist profile's display name.
  await t.ctx.db.query("INSERT INTO stylist_profiles (staff_id, display_name) VALUES ($1, 'Sophie T.')", [
    managerStaff.id,
  ]);
  await t.ctx.db.query(
    "UPDATE accounts SET personal_shopper_id = $1, vip_level = '15%' WHERE loyalty_id = $2",
    [managerStaff.id, member.loyaltyId],
  );
  expect(
    (
      await t.partner(
        'POST',
        '/purchases',
        tillPurchase(member.loyaltyId, { storeDisplayName: 'Scan Street' }),
      )
    ).status,
  ).toBeLessThan(300);
});
afterAll(() => t.close());

describe('the look-up', () => {
  it('support sees name, level, shopper and visits, not points or purchases', async () => {
    const res = await support.post<Scanned>('/staff-api/scan', { code: member.loyaltyId });
    expect(res.status).toBe(200);
    const { member: seen } = res.body;
    expect(res.body.kind).toBe('member');
    expect(seen).toMatchObject({
      loyaltyId: member.loyaltyId,
      fullName: 'Sam Scanned',
      vipLevel: '15%',
      personalShopper: { displayName: 'Sophie T.' },
      appointmentToday: null,
      visits: [],
    });
    expect(seen).not.toHaveProperty('points');
    expect(seen).not.toHaveProperty('purchases');
  });

  it('a manager also sees points and the newest purchases', async () => {
    const res = await manager.post<Scanned>('/staff-api/scan', { code: ` ${member.loyaltyId} ` });
    expect(res.status).toBe(200);
    expect(res.body.member.points?.balance).toBeGreaterThanOrEqual(0);
    expect(res.body.member.purchases).toHaveLength(1);
    expect(res.body.member.purchases?.[0]).toMatchObject({ store: 'Scan Street' });
  });

  it('a card nobody has: 404 CardNotFound, nothing written', async () => {
    const res = await support.post('/staff-api/scan', { code: '999999999999' });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('CardNotFound');
  });

  it('a code that is no card, empty, too long or with control characters: 400, nothing written', async () => {
    for (const code of ['hello', '', '1'.repeat(600), '1234\u0000567', 12345678]) {
      const res = await support.post('/staff-api/scan', { code });
      expect(res.status, JSON.stringify(code)).toBe(400);
    }
  });

  it('a member, a signed-out browser and a member with a forged staff cookie are refused', async () => {
    expect((await member.client.post('/staff-api/scan', { code: member.loyaltyId })).status).toBe(401);
    expect((await t.client().post('/staff-api/scan', { code: member.loyaltyId })).status).toBe(401);
    const forged = await t
      .client()
      .post('/staff-api/scan', { code: member.loyaltyId }, { cookie: 'staff=forged' });
    expect(forged.status).toBe(401);
    expect((await t.client().get('/staff-api/scan/stores')).status).toBe(401);
  });
});

describe('recording the visit', () => {
  it('one tap records the visit with one audit row; a second tap records nothing new', async () => {
    const { body } = await support.post<Scanned>('/staff-api/scan', { code: member.loyaltyId });
    const visit = { visitId: body.member.visitId, loyaltyId: member.loyaltyId, storeId };
    const first = await support.post<{ recorded: boolean; visit: { store: string } }>(
      '/staff-api/scan/visit',
      visit,
    );
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ recorded: true, visit: { store: 'Scan Street' } });
    const again = await support.post<{ recorded: boolean }>('/staff-api/scan/visit', visit);
    expect(again.body.recorded).toBe(false);
    expect(await auditRows(visit.visitId)).toBe(1);
    const after = await support.post<Scanned>('/staff-api/scan', { code: member.loyaltyId });
    expect(after.body.member.visits).toEqual([{ visitedAt: expect.any(String), store: 'Scan Street' }]);
  });

  it('bad input is a 4xx that writes nothing', async () => {
    const before = await visitsOf(member.loyaltyId);
    const good = { visitId: crypto.randomUUID(), loyaltyId: member.loyaltyId, storeId };
    const cases: [unknown, number][] = [
      [{ ...good, visitId: 'not-a-uuid' }, 400],
      [{ ...good, loyaltyId: 'abc' }, 400],
      [{ ...good, storeId: crypto.randomUUID() }, 404],
      [{ ...good, loyaltyId: '999999999999' }, 404],
      [{ visitId: good.visitId }, 400],
    ];
    for (const [body, status] of cases) {
      expect((await support.post('/staff-api/scan/visit', body)).status, JSON.stringify(body)).toBe(status);
    }
    expect(await visitsOf(member.loyaltyId)).toBe(before);
    expect(await auditRows(good.visitId)).toBe(0);
  });

  it('a visit id reused for another member: 409, nothing written', async () => {
    const other = await t.signedInMember();
    const visitId = crypto.randomUUID();
    expect(
      (await support.post('/staff-api/scan/visit', { visitId, loyaltyId: member.loyaltyId, storeId })).status,
    ).toBe(200);
    const reused = await support.post('/staff-api/scan/visit', {
      visitId,
      loyaltyId: other.loyaltyId,
      storeId,
    });
    expect(reused.status).toBe(409);
    expect(await visitsOf(other.loyaltyId)).toBe(0);
  });

  it('a member cannot record a visit; the stores list is staff-only', async () => {
    const visit = { visitId: crypto.randomUUID(), loyaltyId: member.loyaltyId, storeId };
    expect((await member.client.post('/staff-api/scan/visit', visit)).status).toBe(401);
    const stores = await support.get<{ stores: { id: string; name: string }[] }>('/staff-api/scan/stores');
    expect(stores.body.stores).toContainEqual({ id: storeId, code: 'SCAN-1', name: 'Scan Street' });
  });
});

describe('the WebAssembly decoder', () => {
  it("only the console's pages may compile WebAssembly; no page may eval", async () => {
    const scriptSrc = async (path: string) =>
      String((await t.client().get(path)).headers['content-security-policy'])
        .split(';')
        .find((directive) => directive.trim().startsWith('script-src')) ?? '';
    expect(await scriptSrc('/staff/scan')).toContain("'wasm-unsafe-eval'");
    expect(await scriptSrc('/staff')).toContain("'wasm-unsafe-eval'");
    for (const path of ['/', '/home', '/staffing', '/staff-api/me']) {
      expect(await scriptSrc(path), path).not.toContain('wasm');
    }
    expect(await scriptSrc('/staff/scan')).not.toMatch(/'unsafe-eval'|'unsafe-inline'/);
  });
});

describe('privacy', () => {
  it('visits are in the data export and erased with the account', async () => {
    const someone = await t.signedInMember();
    const visit = { visitId: crypto.randomUUID(), loyaltyId: someone.loyaltyId, storeId };
    expect((await support.post('/staff-api/scan/visit', visit)).status).toBe(200);
    const exported = await someone.client.get<{ storeVisits: { store: string; storeCode: string }[] }>(
      '/api/privacy/export',
    );
    expect(exported.status).toBe(200);
    expect(exported.body.storeVisits).toEqual([
      { visitedAt: expect.any(String), store: 'Scan Street', storeCode: 'SCAN-1' },
    ]);
    const deleted = await manager.post('/staff-api/member/delete', {
      loyaltyId: someone.loyaltyId,
      confirm: someone.loyaltyId,
    });
    expect(deleted.status).toBe(200);
    expect(await count('SELECT count(*)::int AS n FROM store_visits WHERE id = $1', [visit.visitId])).toBe(0);
    // A deleted member's card is found no more.
    expect((await support.post('/staff-api/scan', { code: someone.loyaltyId })).status).toBe(404);
  });
});

// PGlite has one connection, so parallel requests there run one after another and cannot race.
describe.runIf(process.env.TEST_DATABASE_URL)('under parallel requests (PostgreSQL)', () => {
  let p: TestApp;
  beforeAll(async () => {
    p = await createTestApp({ config: { staff: { signInPerAddress: 10_000, scanLookupsPerHour: 10 } } });
  });
  afterAll(() => p.close());

  it('100 parallel taps of one visit record it once, with one audit row', async () => {
    const staff = (await signedInStaff(p, 'support')).client;
    const [{ id }] = (await p.ctx.db.query<{ id: string }>(
      "INSERT INTO stores (code, name, time_zone) VALUES ('PAR-1', 'Parallel', 'Europe/London') RETURNING id",
    )) as [{ id: string }];
    const someone = await p.signedInMember();
    const visit = { visitId: crypto.randomUUID(), loyaltyId: someone.loyaltyId, storeId: id };
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => staff.post<{ recorded: boolean }>('/staff-api/scan/visit', visit)),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(answers.filter((a) => a.body.recorded)).toHaveLength(1);
    const rows = await p.ctx.db.query<{ n: number }>(
      "SELECT (SELECT count(*)::int FROM store_visits WHERE id = $1::uuid) + (SELECT count(*)::int FROM audit_log WHERE action = 'store_visit.record' AND change->>'visitId' = $1::text) AS n",
      [visit.visitId],
    );
    expect(rows[0]?.n).toBe(2);
  });

  it('100 parallel look-ups by one staff member get at most the hourly limit', async () => {
    const staff = (await signedInStaff(p, 'support')).client;
    const someone = await p.signedInMember();
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => staff.post('/staff-api/scan', { code: someone.loyaltyId })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(10);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(90);
  });
});
