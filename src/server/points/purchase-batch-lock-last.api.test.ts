import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { whileHeld } from '#tests/support/held-transaction.ts';
import {
  pendingSumMismatches,
  tillPurchase as purchase,
  viewerAccount as viewer,
} from '#tests/support/points-fixture.ts';
import { createTestApp, type TestApp } from '#tests/support/test-app.ts';

/**
 * A batch of more than 10 purchases writes its rows first and locks its members last (migration
 * 0061). Whatever it meets between the two (a member changed, the points limit, a member held by a
 * write that waits for one of its order ids) must leave the answers exactly those of single purchases
 * one after another, with each order recorded and audited once. These need a second connection.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface BatchAnswer {
  results: { orderId: string | null; status: number; error?: string; replayed?: boolean }[];
}

const batch = (purchases: unknown[]) => t.partner<BatchAnswer>('POST', '/purchases/batch', { purchases });

/** How many ledger rows the orders have, and how many audit rows record them. */
async function written(orderIds: string[]) {
  const [row] = await t.ctx.db.query<{ rows: number; audited: number }>(
    `SELECT (SELECT count(*)::int FROM ledger_entries WHERE kind = 'purchase' AND request_key = ANY ($1)) AS rows,
            (SELECT count(*)::int FROM audit_log WHERE action = 'purchase.record' AND change->>'orderId' = ANY ($1)) AS audited`,
    [orderIds],
  );
  return row;
}

describe.runIf(process.env.TEST_DATABASE_URL)(
  'partner API: a batch locks its members last (PostgreSQL)',
  () => {
    it('a member deleted while the batch waits for them is not credited: the batch answers as single purchases would', async () => {
      const [gone, other] = [await t.signedInMember(), await t.signedInMember()];
      const items = Array.from({ length: 12 }, (_, i) =>
        purchase(i % 3 ? other.loyaltyId : gone.loyaltyId, { points: 10 }),
      );
      const res = await whileHeld(
        t.ctx.db,
        (tx) => tx.query('UPDATE accounts SET deleted_at = now() WHERE loyalty_id = $1', [gone.loyaltyId]),
        () => batch(items),
      );
      // A purchase sent alone now, for the deleted member's card, is answered so.
      const alone = await t.partner('POST', '/purchases', purchase(gone.loyaltyId, { points: 10 }));
      expect(res.status).toBe(200);
      expect(res.body.results.map((r) => r.status)).toEqual(
        items.map((item) => (item.loyaltyId === gone.loyaltyId ? alone.status : 201)),
      );
      expect(alone.status).not.toBe(201);
      const [credited] = await t.ctx.db.query<{ gone: number; other: number }>(
        `SELECT (SELECT count(*)::int FROM ledger_entries l JOIN accounts a ON a.id = l.account_id WHERE a.loyalty_id = $1) AS gone,
                (SELECT pending_points::int FROM accounts WHERE loyalty_id = $2) AS other`,
        [gone.loyaltyId, other.loyaltyId],
      );
      expect(credited).toEqual({ gone: 0, other: 80 });
      // Each purchase audited once: eight recorded, four kept unmatched (nothing of the undone try).
      expect(await written(items.map((item) => item.orderId))).toEqual({ rows: 8, audited: 12 });
    });

    it('a member held by a write that then takes one of the batch’s order ids: both finish, the order is recorded once', async () => {
      const m = await t.signedInMember();
      const items = Array.from({ length: 12 }, () => purchase(m.loyaltyId, { points: 10 }));
      const taken = items[5] as (typeof items)[number];
      // As a purchase recorded alone does: its member locked first, then its order id written, here
      // with another body (so the batch must answer that order as a key reused).
      const res = await whileHeld(
        t.ctx.db,
        (tx) => tx.query('SELECT 1 FROM accounts WHERE loyalty_id = $1 FOR UPDATE', [m.loyaltyId]),
        () => batch(items),
        (tx) =>
          tx.query(
            `INSERT INTO ledger_entries (account_id, kind, points, confirms_at, order_id, channel, request_key, request_hash)
             SELECT id, 'purchase', 10, now() + interval '30 days', $2, 'in-store', $2, 'another body'
               FROM accounts WHERE loyalty_id = $1`,
            [m.loyaltyId, taken.orderId],
          ),
      );
      expect(res.status).toBe(200);
      expect(res.body.results.map((r) => [r.status, r.error ?? null])).toEqual(
        items.map((item) => (item === taken ? [409, 'IdempotencyKeyReused'] : [201, null])),
      );
      expect(await written(items.map((item) => item.orderId))).toEqual({ rows: 12, audited: 11 });
      expect((await viewer(m.client))?.pendingPointsBalance).toBe(120);
      expect(await pendingSumMismatches(t)).toEqual([]);
    });

    it('order ids already recorded: the same body is a replay, another body a key reused; the rest are recorded', async () => {
      const m = await t.signedInMember();
      const items = Array.from({ length: 12 }, () => purchase(m.loyaltyId, { points: 10 }));
      const [same, other] = [items[3], items[8]] as (typeof items)[number][];
      const earlier = await batch([same, { ...other, points: 99 }]);
      expect(earlier.body.results.map((r) => r.status)).toEqual([201, 201]);
      const res = await batch(items);
      expect(res.body.results.map((r) => [r.status, r.error ?? null, r.replayed ?? null])).toEqual(
        items.map((item) =>
          item === same
            ? [201, null, true]
            : item === other
              ? [409, 'IdempotencyKeyReused', null]
              : [201, null, false],
        ),
      );
      expect(await written(items.map((item) => item.orderId))).toEqual({ rows: 12, audited: 12 });
      expect((await viewer(m.client))?.pendingPointsBalance).toBe(10 * 11 + 99);
    });

    it('a member whose points the batch would take past the limit: refused from there on, as one after another', async () => {
      const m = await t.signedInMember();
      const fill = Array.from({ length: 99 }, () => purchase(m.loyaltyId, { points: 10_000_000 }));
      expect((await batch(fill)).body.results.every((r) => r.status === 201)).toBe(true);
      const other = await t.signedInMember();
      const items = [
        purchase(m.loyaltyId, { points: 6_000_000 }),
        ...Array.from({ length: 10 }, () => purchase(other.loyaltyId, { points: 5 })),
        purchase(m.loyaltyId, { points: 6_000_000 }),
        purchase(m.loyaltyId, { points: 4_000_000 }),
      ];
      const res = await batch(items);
      expect(res.body.results.map((r) => [r.status, r.error ?? null])).toEqual([
        [201, null],
        ...Array.from({ length: 10 }, () => [201, null]),
        [409, 'PointsLimit'],
        [201, null],
      ]);
      expect((await viewer(m.client))?.pendingPointsBalance).toBe(1_000_000_000);
      expect((await viewer(other.client))?.pendingPointsBalance).toBe(50);
      expect(await written(items.map((item) => item.orderId))).toEqual({ rows: 12, audited: 12 });
    });
  },
);
