import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tillPurchase as purchase, viewerAccount as viewer } from '#tests/support/points-fixture.ts';
import { createTestApp, type TestApp } from '#tests/support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface BatchAnswer {
  success: boolean;
  results: {
    orderId: string | null;
    status: number;
    replayed?: boolean;
    error?: string;
    entry?: { points: number };
  }[];
}

const batch = (purchases: unknown) => t.partner<BatchAnswer>('POST', '/purchases/batch', { purchases });

async function ledgerRows(loyaltyId: string): Promise<number> {
  const [row] = await t.ctx.db.query<{ n: number }>(
    'SELECT COUNT(*)::int AS n FROM ledger_entries WHERE account_id = (SELECT id FROM accounts WHERE loyalty_id = $1)',
    [loyaltyId],
  );
  return row?.n ?? 0;
}

describe('partner API: a batch of purchases', () => {
  it('each purchase is answered on its own, in order; a bad one fails only itself', async () => {
    const m = await t.signedInMember();
    const first = purchase(m.loyaltyId, { points: 100 });
    const items = [
      first,
      purchase(m.loyaltyId, { points: 200 }),
      purchase(m.loyaltyId, { points: undefined }),
      purchase('999999999999', { points: 50 }),
      { ...first, points: 999 },
      'not a purchase',
    ];
    const res = await batch(items);
    expect(res.status).toBe(200);
    expect(res.body.results.map((r) => [r.status, r.error ?? null])).toEqual([
      [201, null],
      [201, null],
      [400, 'InvalidRequest'],
      [202, null],
      [409, 'IdempotencyKeyReused'],
      [400, 'InvalidRequest'],
    ]);
    expect(res.body.results[0]).toMatchObject({
      orderId: first.orderId,
      replayed: false,
      entry: { points: 100 },
    });
    expect((await viewer(m.client))?.pendingPointsBalance).toBe(300);
    expect(await ledgerRows(m.loyaltyId)).toBe(2);
  });

  it('a batch sent again records nothing twice: every purchase answers its first result', async () => {
    const m = await t.signedInMember();
    const items = Array.from({ length: 40 }, (_, i) => purchase(m.loyaltyId, { points: 10 + i }));
    const once = await batch(items);
    const twice = await batch(items);
    expect(once.body.results.every((r) => r.status === 201 && r.replayed === false)).toBe(true);
    expect(twice.body.results.every((r) => r.status === 201 && r.replayed === true)).toBe(true);
    expect(twice.body.results.map((r) => r.entry)).toEqual(once.body.results.map((r) => r.entry));
    expect(await ledgerRows(m.loyaltyId)).toBe(40);
    expect((await viewer(m.client))?.pendingPointsBalance).toBe(40 * 10 + (39 * 40) / 2);
  });

  it('an empty, oversized or malformed batch is refused whole and changes nothing', async () => {
    const m = await t.signedInMember();
    const tooMany = Array.from({ length: 501 }, () => purchase(m.loyaltyId, { points: 1 }));
    for (const body of [[], tooMany, 'purchases', null]) {
      const res = await batch(body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, error: 'InvalidRequest' });
    }
    expect(await ledgerRows(m.loyaltyId)).toBe(0);
  });

  it('500 purchases fit in one call; the same order twice in a batch is recorded once', async () => {
    const m = await t.signedInMember();
    const one = purchase(m.loyaltyId, {
      points: 7,
      storeDisplayName: 'A store with a rather long name, as tills send them',
    });
    const res = await batch(Array.from({ length: 500 }, () => one));
    expect(res.status).toBe(200);
    expect(res.body.results.filter((r) => r.status === 201 && r.orderId === one.orderId)).toHaveLength(500);
    expect(res.body.results.filter((r) => r.replayed === false)).toHaveLength(1);
    expect(await ledgerRows(m.loyaltyId)).toBe(1);
  });

  it('past the points limit a batch answers as single purchases one after another would: refused, and a smaller one after it still fits', async () => {
    const m = await t.signedInMember();
    // 99 × 10,000,000 pending points: 990,000,000 of the 1,000,000,000 a member may hold.
    const fill = Array.from({ length: 99 }, () => purchase(m.loyaltyId, { points: 10_000_000 }));
    expect((await batch(fill)).body.results.every((r) => r.status === 201)).toBe(true);
    const other = await t.signedInMember();
    const res = await batch([
      purchase(m.loyaltyId, { points: 6_000_000 }),
      purchase(other.loyaltyId, { points: 50 }),
      purchase(m.loyaltyId, { points: 6_000_000 }),
      purchase(m.loyaltyId, { points: 4_000_000 }),
    ]);
    expect(res.body.results.map((r) => [r.status, r.error ?? null])).toEqual([
      [201, null],
      [201, null],
      [409, 'PointsLimit'],
      [201, null],
    ]);
    expect((await viewer(m.client))?.pendingPointsBalance).toBe(1_000_000_000);
    expect((await viewer(other.client))?.pendingPointsBalance).toBe(50);
    expect(await ledgerRows(m.loyaltyId)).toBe(101);
  });

  it('old orders count at once and matured points are confirmed: the balance is the sum of the rows it counts', async () => {
    const m = await t.signedInMember();
    const longAgo = new Date(Date.now() - 90 * 86_400_000).toISOString();
    const res = await batch([
      purchase(m.loyaltyId, { points: 300, purchasedAt: longAgo }),
      purchase(m.loyaltyId, { points: 200 }),
    ]);
    expect(res.body.results.map((r) => r.status)).toEqual([201, 201]);
    const account = await viewer(m.client);
    expect(account).toMatchObject({ pointsBalance: 300, pendingPointsBalance: 200 });
    const [row] = await t.ctx.db.query<{ balance: number; counted: number }>(
      `SELECT a.points_balance AS balance,
         (SELECT COALESCE(SUM(points), 0)::int FROM ledger_entries l
           WHERE l.account_id = a.id AND l.confirmed_at IS NOT NULL) AS counted
         FROM accounts a WHERE a.loyalty_id = $1`,
      [m.loyaltyId],
    );
    expect(row?.balance).toBe(300);
    expect(row?.counted).toBe(300);
  });

  it('batches and single purchases sent all at once, sharing members and orders, record each order once (races on PostgreSQL)', async () => {
    const members = await Promise.all(Array.from({ length: 5 }, () => t.signedInMember()));
    const items = Array.from({ length: 50 }, (_, i) =>
      purchase((members[i % 5] as { loyaltyId: string }).loyaltyId, { points: 10 }),
    );
    // 100 calls at once: batches of the items in two orders (locks taken in the items' order would
    // deadlock), and single purchases of some of the same orders.
    const batches = Array.from({ length: 80 }, (_, n) => batch(n % 2 ? items : [...items].reverse()));
    const singles = Array.from({ length: 20 }, (_, n) => t.partner('POST', '/purchases', items[n]));
    const [batchAnswers, singleAnswers] = await Promise.all([Promise.all(batches), Promise.all(singles)]);
    expect(batchAnswers.map((a) => a.status)).toEqual(batchAnswers.map(() => 200));
    expect(singleAnswers.map((a) => a.status)).toEqual(singleAnswers.map(() => 201));
    for (const m of members) {
      expect(await ledgerRows(m.loyaltyId)).toBe(10);
      expect((await viewer(m.client))?.pendingPointsBalance).toBe(100);
    }
    // Each order was written by exactly one call; every other call answered it as a replay.
    const firsts = [
      ...batchAnswers.flatMap((a) => a.body.results.filter((r) => r.replayed === false)),
      ...singleAnswers.filter((a) => a.headers['idempotent-replayed'] === undefined),
    ];
    expect(firsts).toHaveLength(50);
  });
});
