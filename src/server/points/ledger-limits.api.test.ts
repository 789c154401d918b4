import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactionsEndpoint } from '#shared/api/points.ts';
import { ledgerLimits } from '#shared/domain/ledger-limits.ts';
import { adjust, matureAll, unique, viewerAccount as viewer } from '#tests/support/points-fixture.ts';
import { createTestApp, type TestApp, type TestClient } from '#tests/support/test-app.ts';
import { sweepMaturedPoints } from './pending-points.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { enablePointsExchange: true } });
});
afterAll(() => t.close());

const perPurchaseMaximum = 10_000_000;

function bigPurchase(loyaltyId: string, points = perPurchaseMaximum) {
  return {
    orderId: unique('big'),
    loyaltyId,
    channel: 'ecommerce',
    value: 100_000_000,
    currency: 'GBP',
    points,
  };
}

/** Everything a member and staff read about the account answers 200 with `points` in total. */
async function readable(m: { client: TestClient; email: string; password: string; loyaltyId: string }) {
  const signIn = await t.client().post('/api/login', { username: m.email, password: m.password });
  expect(signIn.status).toBe(200);
  const account = await viewer(m.client);
  const list = await m.client.get('/api/transactions');
  expect(list.status).toBe(200);
  transactionsEndpoint.response.parse(list.body);
  const staff = await t.partner<{ member: { pointsBalance: number; pendingPointsBalance: number } }>(
    'GET',
    `/members/${m.loyaltyId}`,
  );
  expect(staff.status).toBe(200);
  expect(staff.body.member.pointsBalance).toBe(account?.pointsBalance);
  expect(staff.body.member.pendingPointsBalance).toBe(account?.pendingPointsBalance);
  return account;
}

describe('ledger limits: no amount overflows, no state wedges an account', () => {
  it('overflow: ten 10,000,000-point purchases, pending and then matured, keep the account readable and adjustable', async () => {
    const m = await t.signedInMember();
    for (let i = 0; i < 10; i++) {
      expect((await t.partner('POST', '/purchases', bigPurchase(m.loyaltyId))).status).toBe(201);
    }
    expect(await readable(m)).toMatchObject({ pointsBalance: 0, pendingPointsBalance: 100_000_000 });
    await matureAll(t, m.loyaltyId);
    expect(await readable(m)).toMatchObject({ pointsBalance: 100_000_000, pendingPointsBalance: 0 });
    const fix = await adjust(t, m.loyaltyId, -1, 'Correction');
    expect(fix.status).toBe(201);
    expect(await readable(m)).toMatchObject({ pointsBalance: 99_999_999 });
  });

  it('overflow: a ledger holding more than 2^31 points (written before the limits) still signs in, shows, matures and takes corrections', async () => {
    const m = await t.signedInMember();
    // 250 pending purchases at the per-purchase maximum: 2.5 billion points, past 2^31.
    await t.ctx.db.query(
      `INSERT INTO ledger_entries (account_id, kind, points, confirms_at, order_id, channel, request_key, request_hash)
       SELECT a.id, 'purchase', $2, now() + interval '1 day', 'legacy-' || a.loyalty_id || '-' || n, 'ecommerce',
              'legacy-' || a.loyalty_id || '-' || n, 'legacy'
         FROM accounts a, generate_series(1, 250) n WHERE a.loyalty_id = $1`,
      [m.loyaltyId, perPurchaseMaximum],
    );
    const held = 250 * perPurchaseMaximum;
    expect(held).toBeGreaterThan(2 ** 31);
    expect(await readable(m)).toMatchObject({ pointsBalance: 0, pendingPointsBalance: held });

    await matureAll(t, m.loyaltyId);
    expect(await readable(m)).toMatchObject({ pointsBalance: held, pendingPointsBalance: 0 });
    await sweepMaturedPoints(t.ctx.db);
    // Past the limit: nothing more is added, but the account can be corrected downwards.
    const more = await t.partner('POST', '/purchases', bigPurchase(m.loyaltyId, 1));
    expect(more.status).toBe(409);
    expect(more.body).toMatchObject({ error: 'PointsLimit', limit: ledgerLimits.maxPoints });
    const fix = await adjust(t, m.loyaltyId, -perPurchaseMaximum, 'Correction of legacy points');
    expect(fix.status).toBe(201);
    const exchange = await m.client.post('/api/create-exchange', { pointsConsumed: 500, totalValue: 500 });
    expect(exchange.status).toBe(200);
    expect(await readable(m)).toMatchObject({
      pointsBalance: held - perPurchaseMaximum - 500,
      cashBalance: 500,
    });
  });

  it('limit: a purchase or adjustment that would take the points past 1,000,000,000 is refused with 409 naming the limit, and writes nothing', async () => {
    expect(ledgerLimits.maxPoints).toBe(1_000_000_000);
    const m = await t.signedInMember();
    // 99 purchases at the maximum, pending, and one matured: exactly the limit.
    for (let batch = 0; batch < 10; batch++) {
      const answers = await Promise.all(
        Array.from({ length: batch === 9 ? 9 : 10 }, () =>
          t.partner('POST', '/purchases', bigPurchase(m.loyaltyId)),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual(answers.map(() => 201));
    }
    await matureAll(t, m.loyaltyId);
    expect((await t.partner('POST', '/purchases', bigPurchase(m.loyaltyId))).status).toBe(201);
    expect(await readable(m)).toMatchObject({
      pointsBalance: 990_000_000,
      pendingPointsBalance: 10_000_000,
    });

    const purchase = await t.partner('POST', '/purchases', bigPurchase(m.loyaltyId, 1));
    expect(purchase.status).toBe(409);
    expect(purchase.body).toMatchObject({ error: 'PointsLimit', limit: 1_000_000_000 });
    expect(String(purchase.body.message)).toContain('1,000,000,000');
    const adjustment = await adjust(t, m.loyaltyId, 1, 'Goodwill');
    expect(adjustment.status).toBe(409);
    expect(adjustment.body).toMatchObject({ error: 'PointsLimit' });
    const [count] = await t.ctx.db.query<{ n: number }>(
      'SELECT COUNT(*) AS n FROM ledger_entries l JOIN accounts a ON a.id = l.account_id WHERE a.loyalty_id = $1',
      [m.loyaltyId],
    );
    expect(count?.n).toBe(100);
    expect(await readable(m)).toMatchObject({ pointsBalance: 990_000_000, pendingPointsBalance: 10_000_000 });
  });

  it('race: 100 parallel purchases near the limit, each order sent twice, credit each order once and stop exactly at 1,000,000,000', async () => {
    const m = await t.signedInMember();
    for (let batch = 0; batch < 19; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => t.partner('POST', '/purchases', bigPurchase(m.loyaltyId))),
      );
      expect(answers.map((a) => a.status)).toEqual(answers.map(() => 201));
    }
    // 950,000,000 pending: room for 5 more of the 50 orders below, whichever take the lock first.
    const orders = Array.from({ length: 50 }, () => bigPurchase(m.loyaltyId));
    const answers = await Promise.all(
      [...orders, ...orders].map((order) =>
        t.partner<{ entry?: { id: string } }>('POST', '/purchases', order),
      ),
    );
    const created = answers.filter((a) => a.status === 201);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(90);
    expect(created).toHaveLength(10);
    // Every accepted order answered twice with the one entry it wrote.
    expect(new Set(created.map((a) => a.body.entry?.id)).size).toBe(5);
    const [count] = await t.ctx.db.query<{ n: number }>(
      'SELECT COUNT(*) AS n FROM ledger_entries l JOIN accounts a ON a.id = l.account_id WHERE a.loyalty_id = $1',
      [m.loyaltyId],
    );
    expect(count?.n).toBe(100);
    expect(await readable(m)).toMatchObject({ pointsBalance: 0, pendingPointsBalance: 1_000_000_000 });
  });

  it('limit: an exchange that would take the cash on the pass past 10,000,000.00 is refused with 409 naming the limit', async () => {
    const m = await t.signedInMember();
    await t.partner('POST', '/purchases', {
      ...bigPurchase(m.loyaltyId, 1_000),
      purchasedAt: new Date(Date.now() - 60 * 86_400_000).toISOString(),
    });
    await t.ctx.db.query('UPDATE accounts SET cash_balance = $2 WHERE loyalty_id = $1', [
      m.loyaltyId,
      ledgerLimits.maxCash - 499,
    ]);
    const res = await m.client.post('/api/create-exchange', { pointsConsumed: 500, totalValue: 500 });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: 'CashLimit', limit: ledgerLimits.maxCash });
    expect(String(res.body.message)).toContain('10,000,000.00');
    expect(await viewer(m.client)).toMatchObject({
      pointsBalance: 1_000,
      cashBalance: ledgerLimits.maxCash - 499,
    });
  });
});
