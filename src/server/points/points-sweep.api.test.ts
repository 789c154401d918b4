import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/support/test-app.ts';
import { sweepMaturedPoints } from './pending-points.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/**
 * Every app server runs the pending-points sweep. On PostgreSQL the sweeps below run on separate
 * pool connections at the same moment, as several servers' sweeps would.
 */
describe('pending points sweep with several app servers', () => {
  it('points sweep: several servers sweeping at once confirm each matured purchase exactly once', async () => {
    const m = await t.signedInMember();
    const points = [120, 340, 560, 780, 900];
    for (const [i, p] of points.entries()) {
      const res = await t.partner('POST', '/purchases', {
        orderId: `sweep-${Date.now()}-${i}`,
        loyaltyId: m.loyaltyId,
        channel: 'ecommerce',
        value: 1_000,
        currency: 'GBP',
        points: p,
      });
      expect(res.status).toBe(201);
    }
    await t.ctx.db.query(
      `UPDATE ledger_entries SET confirms_at = now() - interval '1 minute'
        WHERE account_id = (SELECT id FROM accounts WHERE loyalty_id = $1)`,
      [m.loyaltyId],
    );
    await Promise.all([1, 2, 3, 4].map(() => sweepMaturedPoints(t.ctx.db)));
    const [row] = await t.ctx.db.query<{ balance: number; confirmed: number; pending: number }>(
      `SELECT a.points_balance AS balance,
         (SELECT COUNT(*)::int FROM ledger_entries l WHERE l.account_id = a.id AND l.confirmed_at IS NOT NULL) AS confirmed,
         (SELECT COUNT(*)::int FROM ledger_entries l WHERE l.account_id = a.id AND l.confirmed_at IS NULL) AS pending
         FROM accounts a WHERE a.loyalty_id = $1`,
      [m.loyaltyId],
    );
    expect(row).toEqual({ balance: 2_700, confirmed: 5, pending: 0 });
  });

  it('points sweep: walks the matured rows a batch at a time until none is left', async () => {
    const members = await Promise.all([1, 2, 3].map(() => t.signedInMember()));
    for (const [i, m] of members.entries()) {
      for (const n of [1, 2]) {
        const res = await t.partner('POST', '/purchases', {
          orderId: `batch-${Date.now()}-${i}-${n}`,
          loyaltyId: m.loyaltyId,
          channel: 'ecommerce',
          value: 1_000,
          currency: 'GBP',
          points: 100,
        });
        expect(res.status).toBe(201);
      }
    }
    await t.ctx.db.query(
      `UPDATE ledger_entries SET confirms_at = now() - interval '1 minute'
        WHERE account_id IN (SELECT id FROM accounts WHERE loyalty_id = ANY($1))`,
      [members.map((m) => m.loyaltyId)],
    );
    // One row per batch: six matured rows of three members take several batches in one run.
    expect(await sweepMaturedPoints(t.ctx.db, 1)).toBe(3);
    const balances = await t.ctx.db.query<{ points_balance: number }>(
      'SELECT points_balance FROM accounts WHERE loyalty_id = ANY($1)',
      [members.map((m) => m.loyaltyId)],
    );
    expect(balances.map((row) => row.points_balance)).toEqual([200, 200, 200]);
  });
});
