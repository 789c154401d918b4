import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestResponse } from '#tests/support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { enablePointsExchange: true } });
});
afterAll(() => t.close());

let seq = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++seq}`;
const old = () => new Date(Date.now() - 60 * 86_400_000).toISOString();

async function purchaseFor(loyaltyId: string, points: number, purchasedAt: string | null) {
  const orderId = unique('order');
  const res = await t.partner('POST', '/purchases', {
    orderId,
    loyaltyId,
    channel: 'ecommerce',
    value: 5_000,
    currency: 'GBP',
    points,
    ...(purchasedAt ? { purchasedAt } : {}),
  });
  expect(res.status).toBe(201);
  return orderId;
}

/** Every answer is the stored 201, the same body; all but one flagged as replays. */
function allReplayTheStoredAnswer(answers: TestResponse[]) {
  expect(answers.map((a) => a.status)).toEqual(answers.map(() => 201));
  const first = JSON.stringify(answers[0]?.body);
  for (const a of answers) expect(JSON.stringify(a.body)).toBe(first);
  expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(answers.length - 1);
}

async function rowsWithKey(kind: string, key: string) {
  const [row] = await t.ctx.db.query<{ n: number }>(
    'SELECT COUNT(*) AS n FROM ledger_entries WHERE kind = $1 AND request_key = $2',
    [kind, key],
  );
  return row?.n;
}

async function balances(loyaltyId: string) {
  const res = await t.partner<{
    member: { pointsBalance: number; pendingPointsBalance: number; cashBalance: number };
  }>('GET', `/members/${loyaltyId}`);
  return res.body.member;
}

const parallel = <T>(n: number, call: () => Promise<T>) => Promise.all(Array.from({ length: n }, call));

// Races only mean something on PostgreSQL (PGlite runs one statement at a time).
describe.runIf(process.env.TEST_DATABASE_URL)(
  'partner writes: parallel duplicates replay the stored answer',
  () => {
    it('return: 50 identical returns at once of a pending purchase all answer the stored 201', async () => {
      const m = await t.signedInMember();
      const orderId = await purchaseFor(m.loyaltyId, 800, null);
      const body = { returnId: unique('ret'), orderId };
      allReplayTheStoredAnswer(await parallel(50, () => t.partner('POST', '/returns', body)));
      expect(await rowsWithKey('return', body.returnId)).toBe(1);
      expect(await balances(m.loyaltyId)).toMatchObject({ pointsBalance: 0, pendingPointsBalance: 0 });
    });

    it('return: 50 identical partial returns at once of a confirmed purchase all answer the stored 201', async () => {
      const m = await t.signedInMember();
      const orderId = await purchaseFor(m.loyaltyId, 800, old());
      const body = { returnId: unique('ret'), orderId, points: 300, value: 1_000 };
      allReplayTheStoredAnswer(await parallel(50, () => t.partner('POST', '/returns', body)));
      expect(await rowsWithKey('return', body.returnId)).toBe(1);
      expect(await balances(m.loyaltyId)).toMatchObject({ pointsBalance: 500 });
    });

    it('adjustment: 50 identical adjustments at once taking the whole balance all answer the stored 201', async () => {
      const m = await t.signedInMember();
      await purchaseFor(m.loyaltyId, 700, old());
      const body = { adjustmentId: unique('adj'), loyaltyId: m.loyaltyId, points: -700, reason: 'Fraud' };
      allReplayTheStoredAnswer(await parallel(50, () => t.partner('POST', '/adjustments', body)));
      expect(await rowsWithKey('adjustment', body.adjustmentId)).toBe(1);
      expect(await balances(m.loyaltyId)).toMatchObject({ pointsBalance: 0 });
    });

    it('redemption: 50 identical redemptions at once spending the whole cash balance all answer the stored 201', async () => {
      const m = await t.signedInMember();
      await purchaseFor(m.loyaltyId, 1_000, old());
      expect(
        (await m.client.post('/api/create-exchange', { pointsConsumed: 1_000, totalValue: 1_000 })).status,
      ).toBe(200);
      const body = {
        redemptionId: unique('red'),
        loyaltyId: m.loyaltyId,
        amount: 1_000,
        storeDisplayName: 'Till 4',
      };
      allReplayTheStoredAnswer(await parallel(50, () => t.partner('POST', '/redemptions', body)));
      expect(await rowsWithKey('redemption', body.redemptionId)).toBe(1);
      expect(await balances(m.loyaltyId)).toMatchObject({ cashBalance: 0 });
    });

    it('purchase: 50 identical purchases at once all answer the stored 201', async () => {
      const m = await t.signedInMember();
      const body = {
        orderId: unique('order'),
        loyaltyId: m.loyaltyId,
        channel: 'ecommerce',
        value: 5_000,
        currency: 'GBP',
        points: 50,
      };
      allReplayTheStoredAnswer(await parallel(50, () => t.partner('POST', '/purchases', body)));
      expect(await rowsWithKey('purchase', body.orderId)).toBe(1);
    });

    it('the same key with another body, sent alongside, is refused with 409 and never written twice', async () => {
      const m = await t.signedInMember();
      const orderId = await purchaseFor(m.loyaltyId, 800, null);
      const returnId = unique('ret');
      const answers = await Promise.all([
        ...Array.from({ length: 10 }, () =>
          t.partner('POST', '/returns', { returnId, orderId, points: 100 }),
        ),
        ...Array.from({ length: 10 }, () =>
          t.partner('POST', '/returns', { returnId, orderId, points: 200 }),
        ),
      ]);
      const created = answers.filter((a) => a.status === 201);
      expect(created).toHaveLength(10);
      expect(answers.filter((a) => a.status === 409)).toHaveLength(10);
      expect(await rowsWithKey('return', returnId)).toBe(1);
    });
  },
);
