import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerLimits } from '#shared/domain/ledger-limits.ts';
import { whileHeld } from '#tests/support/held-transaction.ts';
import {
  pendingSumMismatches,
  tillPurchase as purchase,
  unique,
  viewerAccount as viewer,
} from '#tests/support/points-fixture.ts';
import { createTestApp, type TestApp, testPartnerKey } from '#tests/support/test-app.ts';
import { metricsRegistry } from '../operations/metrics.ts';

/**
 * Single purchases that arrive while others are being recorded are recorded together, in one
 * statement (purchase-groups.ts). Sent all at once, they must be answered exactly as they would be
 * one by one, and audited as the caller that sent each. On PostgreSQL these run truly in parallel.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface PurchaseAnswer {
  error?: string;
  entry?: { id: string; points: number };
}

/** Groups of more than one purchase recorded so far by this process (the group-size histogram). */
async function groupsOfSeveral(): Promise<number> {
  const histogram = await metricsRegistry.getSingleMetric('loyalty_purchase_group_size')?.get();
  // prom-client's values name their series (metricName), which its type leaves out.
  const values = (histogram?.values ?? []) as {
    metricName?: string;
    labels: { le?: number };
    value: number;
  }[];
  const value = (name: string, le?: number) =>
    values.find((v) => v.metricName === name && (le === undefined || v.labels.le === le))?.value ?? 0;
  return value('loyalty_purchase_group_size_count') - value('loyalty_purchase_group_size_bucket', 1);
}

/** A member holding `points` pending points (100 earlier purchases), for the points limit. */
async function memberHolding(points: number) {
  const m = await t.signedInMember();
  await t.ctx.db.query(
    `INSERT INTO ledger_entries (account_id, kind, points, confirms_at, order_id, channel, request_key, request_hash)
     SELECT a.id, 'purchase', $2, now() + interval '1 day', 'held-' || a.loyalty_id || '-' || n, 'ecommerce',
            'held-' || a.loyalty_id || '-' || n, 'held'
       FROM accounts a, generate_series(1, 100) n WHERE a.loyalty_id = $1`,
    [m.loyaltyId, points / 100],
  );
  return m;
}

const send = (body: unknown, key = testPartnerKey) =>
  t.app.inject({
    method: 'POST',
    url: '/partner/v1/purchases',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });

describe('partner API: single purchases arriving together', () => {
  it('are answered as one by one: replays, reused keys, unknown cards and the points limit', async () => {
    const [a, b] = [await t.signedInMember(), await t.signedInMember()];
    const nearLimit = await memberHolding(ledgerLimits.maxPoints - 1_000);
    const groupsBefore = await groupsOfSeveral();
    const plain = Array.from({ length: 24 }, (_, i) => purchase((i % 2 ? a : b).loyaltyId, { points: 10 }));
    const repeated = purchase(a.loyaltyId, { points: 7 });
    const reusedKey = unique('order');
    const requests = [
      ...plain.map((body) => ({ body, kind: 'plain' })),
      ...Array.from({ length: 6 }, () => ({ body: repeated, kind: 'repeated' })),
      { body: purchase(b.loyaltyId, { orderId: reusedKey, points: 5 }), kind: 'reused' },
      { body: purchase(b.loyaltyId, { orderId: reusedKey, points: 6 }), kind: 'reused' },
      { body: purchase('999999999999', { points: 3 }), kind: 'unknown' },
      { body: purchase('999999999998', { points: 3 }), kind: 'unknown' },
      { body: purchase(nearLimit.loyaltyId, { points: 600 }), kind: 'limit' },
      { body: purchase(nearLimit.loyaltyId, { points: 600 }), kind: 'limit' },
    ];
    const answers = await Promise.all(
      requests.map(async ({ body, kind }) => {
        const res = await send(body);
        return {
          kind,
          status: res.statusCode,
          replayed: res.headers['idempotent-replayed'] === 'true',
          body: res.json<PurchaseAnswer>(),
        };
      }),
    );
    const of = (kind: string) => answers.filter((answer) => answer.kind === kind);

    expect(of('plain').map((answer) => [answer.status, answer.replayed])).toEqual(
      plain.map(() => [201, false]),
    );
    const repeats = of('repeated');
    expect(repeats.map((answer) => answer.status)).toEqual(repeats.map(() => 201));
    expect(repeats.filter((answer) => !answer.replayed)).toHaveLength(1);
    expect(new Set(repeats.map((answer) => answer.body.entry?.id)).size).toBe(1);
    expect(
      of('reused')
        .map((answer) => answer.status)
        .sort(),
    ).toEqual([201, 409]);
    expect(of('reused').find((answer) => answer.status === 409)?.body.error).toBe('IdempotencyKeyReused');
    expect(of('unknown').map((answer) => answer.status)).toEqual([202, 202]);
    expect(
      of('limit')
        .map((answer) => answer.status)
        .sort(),
    ).toEqual([201, 409]);
    expect(of('limit').find((answer) => answer.status === 409)?.body.error).toBe('PointsLimit');

    // What was recorded: each created purchase once, and the kept sums right.
    const reusedPoints = of('reused').find((answer) => answer.status === 201)?.body.entry?.points ?? 0;
    expect((await viewer(a.client))?.pendingPointsBalance).toBe(12 * 10 + 7);
    expect((await viewer(b.client))?.pendingPointsBalance).toBe(12 * 10 + reusedPoints);
    expect(await pendingSumMismatches(t)).toEqual([]);
    // On PostgreSQL the test met the grouped path: some of these were recorded together. (The tests'
    // PGlite runs in this thread and answers before another request is read, so there nothing waits
    // and each purchase goes alone; the server's PGlite runs in a thread of its own.)
    if (t.ctx.db.driver === 'postgres') expect(await groupsOfSeveral()).toBeGreaterThan(groupsBefore);
  });

  it('are audited as the caller that sent each, whoever they were recorded with', async () => {
    // Two named keys: each request is authenticated the same way, so theirs arrive interleaved.
    const keys: { apiKey: { id: string }; key: string }[] = [];
    for (const name of ['web-shop', 'till-17']) {
      const created = await t.partner<{ apiKey: { id: string }; key: string }>('POST', '/keys', {
        name,
        scopes: ['purchases'],
      });
      keys.push(created.body);
    }
    const m = await t.signedInMember();
    const bodies = Array.from({ length: 20 }, (_, i) => ({
      body: purchase(m.loyaltyId, { points: 1 }),
      caller: keys[i % 2] as (typeof keys)[number],
    }));
    const statuses = await Promise.all(
      bodies.map(async ({ body, caller }) => (await send(body, caller.key)).statusCode),
    );
    expect(statuses).toEqual(bodies.map(() => 201));

    const rows = await t.ctx.db.query<{
      order_id: string;
      actor_kind: string;
      actor_id: string | null;
      entry_id: string;
    }>(
      `SELECT change->>'orderId' AS order_id, actor_kind, actor_id, change->>'entryId' AS entry_id
         FROM audit_log WHERE action = 'purchase.record' AND change->>'orderId' = ANY ($1)`,
      [bodies.map(({ body }) => body.orderId)],
    );
    const actorOf = new Map(rows.map((row) => [row.order_id, [row.actor_kind, row.actor_id]]));
    expect(rows).toHaveLength(bodies.length);
    for (const { body, caller } of bodies) {
      expect(actorOf.get(body.orderId)).toEqual(['api_key', caller.apiKey.id]);
    }
    const entries = await t.ctx.db.query<{ id: string }>(
      "SELECT id::text FROM ledger_entries WHERE kind = 'purchase' AND request_key = ANY ($1)",
      [bodies.map(({ body }) => body.orderId)],
    );
    expect(new Set(rows.map((row) => row.entry_id))).toEqual(new Set(entries.map((entry) => entry.id)));
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)(
  'partner API: a purchase waiting for its member (PostgreSQL)',
  () => {
    it('holds up no other member’s purchase', async () => {
      const [held, other] = [await t.signedInMember(), await t.signedInMember()];
      // The member's row locked as an exchange in progress would hold it; meanwhile, other tills'
      // purchases, one after another and then several at once, are all recorded.
      const waiting = await whileHeld(
        t.ctx.db,
        (tx) => tx.query('SELECT 1 FROM accounts WHERE loyalty_id = $1 FOR UPDATE', [held.loyaltyId]),
        () => send(purchase(held.loyaltyId, { points: 5 })),
        async () => {
          const statuses: number[] = [];
          for (let i = 0; i < 3; i++)
            statuses.push((await send(purchase(other.loyaltyId, { points: 1 }))).statusCode);
          const together = await Promise.all(
            Array.from(
              { length: 6 },
              async () => (await send(purchase(other.loyaltyId, { points: 1 }))).statusCode,
            ),
          );
          expect([...statuses, ...together]).toEqual(Array.from({ length: 9 }, () => 201));
          expect((await viewer(other.client))?.pendingPointsBalance).toBe(9);
        },
      );
      expect(waiting.statusCode).toBe(201);
      expect((await viewer(held.client))?.pendingPointsBalance).toBe(5);
    });
  },
);
