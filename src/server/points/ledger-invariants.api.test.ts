import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { viewerResponseSchema } from '#shared/api/viewer.ts';
import { pendingSumMismatches } from '#tests/support/points-fixture.ts';
import { createTestApp, type TestApp } from '#tests/support/test-app.ts';
import { sweepMaturedPoints } from './pending-points.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { enablePointsExchange: true } });
});
afterAll(() => t.close());

type Op =
  | { op: 'purchase'; points: number; old: boolean }
  | { op: 'return'; which: number; points: number | null }
  | { op: 'adjust'; points: number }
  | { op: 'exchange'; steps: number }
  | { op: 'redeem'; amount: number }
  | { op: 'mature'; which: number }
  | { op: 'sweep' };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    op: fc.constant('purchase' as const),
    points: fc.integer({ min: 0, max: 3_000 }),
    old: fc.boolean(),
  }),
  fc.record({
    op: fc.constant('return' as const),
    which: fc.nat(),
    points: fc.option(fc.integer({ min: 1, max: 2_000 }), { nil: null }),
  }),
  fc.record({
    op: fc.constant('adjust' as const),
    points: fc.integer({ min: -2_000, max: 2_000 }).filter((n) => n !== 0),
  }),
  fc.record({ op: fc.constant('exchange' as const), steps: fc.integer({ min: 1, max: 4 }) }),
  fc.record({ op: fc.constant('redeem' as const), amount: fc.integer({ min: 1, max: 2_000 }) }),
  fc.record({ op: fc.constant('mature' as const), which: fc.nat() }),
  fc.constant({ op: 'sweep' as const }),
);

let seq = 0;

async function runAndCheck(ops: Op[], parallel: boolean) {
  const m = await t.signedInMember();
  const orders: string[] = [];
  const apply = async (op: Op) => {
    const id = `inv-${++seq}`;
    if (op.op === 'purchase') {
      const res = await t.partner('POST', '/purchases', {
        orderId: id,
        loyaltyId: m.loyaltyId,
        channel: 'ecommerce',
        value: op.points * 10,
        currency: 'GBP',
        points: op.points,
        ...(op.old ? { purchasedAt: new Date(Date.now() - 40 * 86_400_000).toISOString() } : {}),
      });
      expect(res.status).toBe(201);
      orders.push(id);
    } else if (op.op === 'return' && orders.length) {
      const res = await t.partner('POST', '/returns', {
        returnId: id,
        orderId: orders[op.which % orders.length],
        ...(op.points ? { points: op.points } : {}),
      });
      expect([201, 409]).toContain(res.status);
    } else if (op.op === 'adjust') {
      const res = await t.partner('POST', '/adjustments', {
        adjustmentId: id,
        loyaltyId: m.loyaltyId,
        points: op.points,
        reason: 'Property test',
      });
      expect([201, 409]).toContain(res.status);
    } else if (op.op === 'exchange') {
      const points = op.steps * 500;
      const res = await m.client.post('/api/create-exchange', {
        pointsConsumed: points,
        totalValue: points,
      });
      expect([200, 409]).toContain(res.status);
    } else if (op.op === 'redeem') {
      const res = await t.partner('POST', '/redemptions', {
        redemptionId: id,
        loyaltyId: m.loyaltyId,
        amount: op.amount,
      });
      expect([201, 409]).toContain(res.status);
    } else if (op.op === 'mature' && orders.length) {
      // Time passes for one order: its returns window ends. Real time moves every row's clock at
      // once; rewriting confirms_at stands in for it, so it holds the member's account lock as every
      // ledger writer does (otherwise a return could copy the old confirms_at after this ran).
      await t.ctx.db.transaction(async (tx) => {
        await tx.query('SELECT id FROM accounts WHERE loyalty_id = $1 FOR UPDATE', [m.loyaltyId]);
        await tx.query(
          "UPDATE ledger_entries SET confirms_at = now() - interval '1 second' WHERE order_id = $1 AND confirms_at IS NOT NULL AND confirmed_at IS NULL",
          [orders[op.which % orders.length]],
        );
      });
    } else if (op.op === 'sweep') {
      await sweepMaturedPoints(t.ctx.db);
    }
  };
  if (parallel) {
    // Purchases first (returns need an order), then everything else at once.
    for (const op of ops.filter((o) => o.op === 'purchase')) await apply(op);
    await Promise.all(ops.filter((o) => o.op !== 'purchase').map(apply));
  } else {
    for (const op of ops) await apply(op);
  }
  const [sums] = await t.ctx.db.query<{
    stored: number;
    cash: number;
    confirmed: number;
    matured: number;
    pending: number;
    cash_sum: number;
  }>(
    `SELECT a.points_balance AS stored, a.cash_balance AS cash,
         (SELECT COALESCE(SUM(points), 0)::int FROM ledger_entries l WHERE l.account_id = a.id
           AND (l.confirms_at IS NULL OR l.confirmed_at IS NOT NULL)) AS confirmed,
         (SELECT COALESCE(SUM(points), 0)::int FROM ledger_entries l WHERE l.account_id = a.id
           AND l.confirmed_at IS NULL AND l.confirms_at <= now()) AS matured,
         (SELECT COALESCE(SUM(points), 0)::int FROM ledger_entries l WHERE l.account_id = a.id
           AND l.confirmed_at IS NULL AND l.confirms_at > now()) AS pending,
         (SELECT COALESCE(SUM(cash), 0)::int FROM ledger_entries l WHERE l.account_id = a.id) AS cash_sum
         FROM accounts a WHERE a.loyalty_id = $1`,
    [m.loyaltyId],
  );
  expect(sums?.stored).toBe(sums?.confirmed);
  expect(sums?.cash).toBe(sums?.cash_sum);
  expect(sums?.stored).toBeGreaterThanOrEqual(0);
  expect(sums?.cash).toBeGreaterThanOrEqual(0);
  expect(sums?.pending).toBeGreaterThanOrEqual(0);
  expect(sums?.matured).toBeGreaterThanOrEqual(0);
  const { account } = viewerResponseSchema.parse((await m.client.get('/api-w/viewer')).body);
  expect(account?.pointsBalance).toBe((sums?.stored ?? 0) + (sums?.matured ?? 0));
  expect(account?.pendingPointsBalance).toBe(sums?.pending);
  expect(account?.cashBalance).toBe(sums?.cash);
  // The kept pending sum (migration 0056) is the pending rows' sum, matured ones included.
  expect(await pendingSumMismatches(t)).toEqual([]);
}

describe('ledger invariants under any sequence of operations (DESIGN ledger rules)', () => {
  it('ledger: balances never go negative, and always equal the sum of the ledger rows they count', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 5, maxLength: 25 }), (ops) => runAndCheck(ops, false)),
      { numRuns: 15 },
    );
  });

  it('ledger: the same holds when the operations arrive all at once (races on PostgreSQL)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 5, maxLength: 25 }), (ops) => runAndCheck(ops, true)),
      { numRuns: 10 },
    );
  });
});
