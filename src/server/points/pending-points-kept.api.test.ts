import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adjust,
  matureAll,
  memberWithPoints,
  pendingSumMismatches,
  tillPurchase,
  unique,
} from '#tests/support/points-fixture.ts';
import { createTestApp, type TestApp } from '#tests/support/test-app.ts';
import { expirePoints } from './expiry-job.ts';
import { sweepMaturedPoints } from './pending-points.ts';

/**
 * accounts.pending_points is kept by the ledger's triggers and by the two purchase functions
 * (migration 0056), and the points limit of every purchase reads it: after every kind of write it
 * equals the sum of the member's pending rows, for every member.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { enablePointsExchange: true, pointsExpiry: { months: 12 } } });
});
afterAll(() => t.close());

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

async function expectKept(step: string) {
  expect({ step, mismatches: await pendingSumMismatches(t) }).toEqual({ step, mismatches: [] });
}

describe('the kept pending sum (accounts.pending_points)', () => {
  it('equals the sum of the pending rows after every kind of ledger write', async () => {
    const m = await memberWithPoints(t, 5_000);
    const other = await t.signedInMember();
    await expectKept('a purchase past its window');

    const pending = tillPurchase(m.loyaltyId, { points: 1_200 });
    expect((await t.partner('POST', '/purchases', pending)).status).toBe(201);
    expect((await t.partner('POST', '/purchases', pending)).status).toBe(201);
    await expectKept('a pending purchase and its replay');
    const byEmail = tillPurchase('', { loyaltyId: undefined, email: other.email, points: 300 });
    expect((await t.partner('POST', '/purchases', byEmail)).status).toBe(201);
    await expectKept('a pending purchase named by email');

    const batch = await t.partner<{ results: { status: number }[] }>('POST', '/purchases/batch', {
      purchases: [
        tillPurchase(m.loyaltyId, { points: 400 }),
        tillPurchase(m.loyaltyId, { points: 0 }),
        tillPurchase(other.loyaltyId, { points: 250 }),
        tillPurchase(other.loyaltyId, { points: 90, purchasedAt: daysAgo(45) }),
        { ...pending },
      ],
    });
    expect(batch.body.results.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    await expectKept('a batch: pending, zero, past the window, a replay');

    const partial = await t.partner('POST', '/returns', {
      returnId: unique('ret'),
      orderId: pending.orderId,
      points: 200,
    });
    expect(partial.status).toBe(201);
    await expectKept('a partial return of a pending purchase');
    const rest = await t.partner('POST', '/returns', { returnId: unique('ret'), orderId: pending.orderId });
    expect(rest.status).toBe(201);
    await expectKept('the rest of it returned');

    expect((await adjust(t, m.loyaltyId, 700, 'Goodwill')).status).toBe(201);
    expect((await adjust(t, m.loyaltyId, -300, 'Correction')).status).toBe(201);
    expect(
      (await m.client.post('/api/create-exchange', { pointsConsumed: 500, totalValue: 500 })).status,
    ).toBe(200);
    expect(
      (
        await t.partner('POST', '/redemptions', {
          redemptionId: unique('red'),
          loyaltyId: m.loyaltyId,
          amount: 100,
        })
      ).status,
    ).toBe(201);
    await expectKept('adjustments, an exchange, a redemption');

    // Time passes for the member's pending rows: the next purchase confirms them in its statement,
    // a batch does in its own, and the sweep confirms the rest.
    await matureAll(t, m.loyaltyId);
    await expectKept('matured rows (still pending until confirmed)');
    expect((await t.partner('POST', '/purchases', tillPurchase(m.loyaltyId, { points: 60 }))).status).toBe(
      201,
    );
    await expectKept('a purchase that confirms matured points');
    await matureAll(t, other.loyaltyId);
    const otherBatch = await t.partner<{ results: { status: number }[] }>('POST', '/purchases/batch', {
      purchases: [tillPurchase(other.loyaltyId, { points: 10 })],
    });
    expect(otherBatch.body.results[0]?.status).toBe(201);
    await expectKept('a batch that confirms matured points');
    await matureAll(t, m.loyaltyId);
    expect(await sweepMaturedPoints(t.ctx.db)).toBeGreaterThan(0);
    await expectKept('the sweep');

    // A purchase refused for the points limit takes back what its lock added (a member near the
    // limit: their balance set directly, which the pending sum does not read).
    const rich = await t.signedInMember();
    await t.ctx.db.query('UPDATE accounts SET points_balance = 999999000 WHERE loyalty_id = $1', [
      rich.loyaltyId,
    ]);
    expect(
      (await t.partner('POST', '/purchases', tillPurchase(rich.loyaltyId, { points: 900 }))).status,
    ).toBe(201);
    const limit = await t.partner('POST', '/purchases', tillPurchase(rich.loyaltyId, { points: 200 }));
    expect(limit.status).toBe(409);
    await expectKept('a purchase refused for the points limit');

    const expiring = await memberWithPoints(t, 800);
    await t.ctx.db.query(
      `UPDATE ledger_entries SET confirms_at = now() - interval '13 months', created_at = now() - interval '14 months'
        WHERE account_id = (SELECT id FROM accounts WHERE loyalty_id = $1)`,
      [expiring.loyaltyId],
    );
    expect(await expirePoints(t.ctx.db, 12)).toBeGreaterThan(0);
    await expectKept('points expiry');

    expect((await t.partner('POST', '/demo', {})).status).toBeLessThan(300);
    await expectKept('the demo history');

    // Sent for an email before its owner joined: the member the till named claims it.
    const claimerEmail = `${unique('claimer')}@example.com`.toLowerCase();
    const till = {
      orderId: unique('claimed'),
      email: claimerEmail,
      channel: 'in-store',
      storeDisplayName: 'Oxford Street',
      value: 4_999,
      currency: 'GBP',
      points: 500,
      purchasedAt: daysAgo(3),
    };
    expect((await t.partner('POST', '/purchases', till)).status).toBe(202);
    const claimer = await t.signedInMember({ email: claimerEmail });
    const claim = await claimer.client.post('/api/purchase-claims', {
      orderId: till.orderId,
      purchasedOn: till.purchasedAt.slice(0, 10),
      channel: 'in-store',
      store: 'Oxford Street',
      amount: till.value,
    });
    expect(claim.body).toMatchObject({ claim: { status: 'approved' } });
    await expectKept('an unmatched purchase claimed');

    expect((await other.client.post('/api/delete-account', { username: other.email })).status).toBe(200);
    await expectKept('a member deleted');
  });

  it('holds under 100 purchases at once for one member, with batches and duplicates among them (races on PostgreSQL)', async () => {
    const m = await t.signedInMember();
    const repeated = tillPurchase(m.loyaltyId, { points: 7 });
    const answers = await Promise.all([
      ...Array.from({ length: 100 }, (_, i) =>
        t.partner(
          'POST',
          '/purchases',
          i % 4 === 0 ? repeated : tillPurchase(m.loyaltyId, { points: 10 + i }),
        ),
      ),
      ...Array.from({ length: 4 }, () =>
        t.partner('POST', '/purchases/batch', {
          purchases: [
            repeated,
            ...Array.from({ length: 20 }, () => tillPurchase(m.loyaltyId, { points: 5 })),
          ],
        }),
      ),
    ]);
    expect(answers.map((a) => a.status).filter((s) => s !== 201 && s !== 200)).toEqual([]);
    const [row] = await t.ctx.db.query<{ rows: number; kept: number }>(
      `SELECT (SELECT COUNT(*)::int FROM ledger_entries l WHERE l.account_id = a.id) AS rows, a.pending_points AS kept
         FROM accounts a WHERE a.loyalty_id = $1`,
      [m.loyaltyId],
    );
    // 75 distinct singles, 80 distinct batch items, the repeated order once.
    expect(row?.rows).toBe(75 + 80 + 1);
    const singles = Array.from({ length: 100 }, (_, i) => (i % 4 === 0 ? 0 : 10 + i)).reduce(
      (a, b) => a + b,
      0,
    );
    expect(row?.kept).toBe(singles + 80 * 5 + 7);
    await expectKept('100 purchases at once');
  });
});
