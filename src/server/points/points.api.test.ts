import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { burnRatesEndpoint, createExchangeEndpoint, transactionsEndpoint } from '#shared/api/points.ts';
import {
  adjust,
  memberWithPoints,
  tillPurchase as purchase,
  unique,
  viewerAccount as viewer,
} from '#tests/support/points-fixture.ts';
import { createTestApp, type TestApp, testPartnerKey } from '#tests/support/test-app.ts';
import { sweepMaturedPoints } from './pending-points.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { enablePointsExchange: true } });
});
afterAll(() => t.close());

/** The ledger invariant: the balance is the sum of every counted row, and never negative. */
async function ledgerAgrees(loyaltyId: string) {
  const [row] = await t.ctx.db.query<{ balance: number; counted: number; cash: number; cash_sum: number }>(
    `SELECT a.points_balance AS balance, a.cash_balance AS cash,
       (SELECT COALESCE(SUM(points), 0)::int FROM ledger_entries l
         WHERE l.account_id = a.id AND (l.confirms_at IS NULL OR l.confirmed_at IS NOT NULL)) AS counted,
       (SELECT COALESCE(SUM(cash), 0)::int FROM ledger_entries l WHERE l.account_id = a.id) AS cash_sum
       FROM accounts a WHERE a.loyalty_id = $1`,
    [loyaltyId],
  );
  expect(row?.balance).toBe(row?.counted);
  expect(row?.cash).toBe(row?.cash_sum);
  expect(row?.balance).toBeGreaterThanOrEqual(0);
  expect(row?.cash).toBeGreaterThanOrEqual(0);
  return row;
}

async function ledgerCount(loyaltyId: string) {
  const rows = await t.ctx.db.query<{ n: number }>(
    'SELECT COUNT(*)::int AS n FROM ledger_entries l JOIN accounts a ON a.id = l.account_id WHERE a.loyalty_id = $1',
    [loyaltyId],
  );
  return rows[0]?.n ?? 0;
}

describe('partner API: auth', () => {
  it('partner: refuses a missing or wrong key with 401 and writes nothing', async () => {
    const m = await t.signedInMember();
    const body = purchase(m.loyaltyId);
    for (const authorization of [undefined, 'Bearer wrong', `Basic ${testPartnerKey}`]) {
      const res = await t
        .client()
        .request('POST', '/partner/v1/purchases', body, authorization ? { authorization } : {});
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ success: false });
    }
    expect(await ledgerCount(m.loyaltyId)).toBe(0);
  });
});

describe('partner API: purchases (ledger, pending points)', () => {
  it('purchase: earns pending points shown in pendingPointsBalance and in the history (§2, §3)', async () => {
    const m = await t.signedInMember();
    const res = await t.partner('POST', '/purchases', purchase(m.loyaltyId, { discount: '20%' }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      success: true,
      entry: { kind: 'purchase', points: 1300, pending: true },
    });
    const account = await viewer(m.client);
    expect(account?.pendingPointsBalance).toBe(1300);
    expect(account?.pointsBalance).toBe(0);
    const list = transactionsEndpoint.response.parse((await m.client.get('/api/transactions')).body);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      kind: 'purchase',
      adjustedPoints: 1300,
      pending: true,
      awardedAt: null,
      rewardType: 'other',
      channel: 'In-Store',
      location: 'Oxford Street',
      name: 'Flagship',
      value: 12_999,
      currency: 'GBP',
      discount: '20%',
      order: { purchaseType: 'in-store', storeDisplayName: 'Oxford Street', fasciaDisplayName: 'Flagship' },
    });
    const confirmsAt = new Date(list[0]?.confirmsAt ?? 0).getTime();
    expect(Math.round((confirmsAt - Date.now()) / 86_400_000)).toBe(28);
    await ledgerAgrees(m.loyaltyId);
  });

  it('purchase: by email, online, and past its returns window counts at once', async () => {
    const m = await t.signedInMember();
    const old = new Date(Date.now() - 40 * 86_400_000).toISOString();
    const res = await t.partner(
      'POST',
      '/purchases',
      purchase('', {
        loyaltyId: undefined,
        email: m.email.toUpperCase(),
        channel: 'ecommerce',
        storeDisplayName: null,
        fasciaDisplayName: 'Online Store',
        points: 250,
        purchasedAt: old,
      }),
    );
    expect(res.status).toBe(201);
    const account = await viewer(m.client);
    expect(account).toMatchObject({ pointsBalance: 250, pendingPointsBalance: 0 });
    const [row] = transactionsEndpoint.response.parse((await m.client.get('/api/transactions')).body);
    expect(row).toMatchObject({ channel: 'Online', pending: false, name: 'Online Store', createdDate: old });
    expect(row?.awardedAt).not.toBeNull();
    await ledgerAgrees(m.loyaltyId);
  });

  it('purchase: 20 identical requests at once are counted once and all answer the same', async () => {
    const m = await t.signedInMember();
    const body = purchase(m.loyaltyId);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => t.partner('POST', '/purchases', body)),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));
    const first = JSON.stringify(answers[0]?.body);
    for (const a of answers) expect(JSON.stringify(a.body)).toBe(first);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(19);
    expect(await ledgerCount(m.loyaltyId)).toBe(1);
    expect((await viewer(m.client))?.pendingPointsBalance).toBe(1300);
  });

  it('purchase: the same orderId with a different body is refused with 409 and changes nothing', async () => {
    const m = await t.signedInMember();
    const body = purchase(m.loyaltyId);
    expect((await t.partner('POST', '/purchases', body)).status).toBe(201);
    const res = await t.partner('POST', '/purchases', { ...body, points: 9_999 });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ success: false, error: 'IdempotencyKeyReused' });
    expect(String((res.body as { message: string }).message)).toContain(body.orderId);
    expect(await ledgerCount(m.loyaltyId)).toBe(1);
    expect((await viewer(m.client))?.pendingPointsBalance).toBe(1300);
  });

  it('purchase: bad bodies answer 400 naming the field, and write nothing', async () => {
    const m = await t.signedInMember();
    const bad: [Record<string, unknown>, string][] = [
      [{ points: -5 }, 'points'],
      [{ points: 1.5 }, 'points'],
      [{ value: 'ten' }, 'value'],
      [{ channel: 'phone' }, 'channel'],
      [{ currency: 'pounds' }, 'currency'],
      [{ orderId: '' }, 'orderId'],
      [{ orderId: 'has space' }, 'orderId'],
      [{ storeDisplayName: null }, 'storeDisplayName'],
      [{ purchasedAt: 'yesterday' }, 'purchasedAt'],
      [{ purchasedAt: new Date(Date.now() + 86_400_000).toISOString() }, 'purchasedAt'],
      [{ loyaltyId: undefined }, 'loyaltyId'],
      [{ email: m.email }, 'loyaltyId'],
    ];
    for (const [change, field] of bad) {
      const res = await t.partner('POST', '/purchases', purchase(m.loyaltyId, change));
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(
        (res.body as { fieldErrors: Record<string, string> }).fieldErrors,
        JSON.stringify(change),
      ).toHaveProperty(field);
    }
    const notJson = await t.client().request('POST', '/partner/v1/purchases', '{"orderId":', {
      authorization: `Bearer ${testPartnerKey}`,
    });
    expect(notJson.status).toBe(400);
    expect(await ledgerCount(m.loyaltyId)).toBe(0);
  });

  it('purchase: a missing field is named with what it needs', async () => {
    const m = await t.signedInMember();
    const res = await t.partner(
      'POST',
      '/purchases',
      purchase(m.loyaltyId, { points: undefined, currency: undefined }),
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      fieldErrors: {
        points: 'points is required (a whole number)',
        currency: 'currency is required (a three-letter ISO 4217 code)',
      },
    });
  });

  it('purchase: a field of the wrong type says what it must be, not that it is missing', async () => {
    const m = await t.signedInMember();
    const res = await t.partner(
      'POST',
      '/purchases',
      purchase(m.loyaltyId, { value: '49.99', points: '100', currency: 49, orderId: 12 }),
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      fieldErrors: {
        value: 'value must be a whole number of minor units, e.g. pence',
        points: 'points must be a whole number',
        currency: 'currency must be a three-letter ISO 4217 code',
        orderId: 'orderId must be text',
      },
    });
    expect(await ledgerCount(m.loyaltyId)).toBe(0);
  });

  it('purchase: a currency the membership does not allow is refused and writes nothing', async () => {
    const m = await t.signedInMember();
    const res = await t.partner('POST', '/purchases', purchase(m.loyaltyId, { currency: 'EUR' }));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      error: 'CurrencyNotAllowed',
      fieldErrors: { currency: 'currency EUR is not one this membership allows (GBP)' },
    });
    expect(await ledgerCount(m.loyaltyId)).toBe(0);
  });

  it('purchase: an unknown member is kept unmatched (202) with a clear message, to be claimed', async () => {
    const res = await t.partner('POST', '/purchases', purchase('639999999999'));
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({
      success: true,
      unmatched: { memberReference: '639999999999', claimed: false },
      message:
        'No member has the card number or email 639999999999: the purchase is kept unmatched, so its member can claim it from their purchase history.',
    });
  });
});

describe('partner API: returns', () => {
  it('return: reverses pending points before confirmation, and replays answer the same', async () => {
    const m = await t.signedInMember();
    const order = purchase(m.loyaltyId, { points: 1000 });
    await t.partner('POST', '/purchases', order);
    const body = { returnId: unique('ret'), orderId: order.orderId, points: 400 };
    const [a, b] = await Promise.all([
      t.partner('POST', '/returns', body),
      t.partner('POST', '/returns', body),
    ]);
    expect(a?.status).toBe(201);
    expect(b?.body).toEqual(a?.body);
    expect((await viewer(m.client))?.pendingPointsBalance).toBe(600);
    // The rest of the order, then nothing more.
    const rest = await t.partner('POST', '/returns', { returnId: unique('ret'), orderId: order.orderId });
    expect(rest.body).toMatchObject({ entry: { points: -600, pending: true } });
    const again = await t.partner('POST', '/returns', { returnId: unique('ret'), orderId: order.orderId });
    expect(again.status).toBe(409);
    expect((await viewer(m.client))?.pendingPointsBalance).toBe(0);
    // The purchase and its returns confirm together: nothing reaches the balance.
    await t.ctx.db.query(
      "UPDATE ledger_entries SET confirms_at = now() - interval '1 minute' WHERE order_id = $1",
      [order.orderId],
    );
    await sweepMaturedPoints(t.ctx.db);
    expect(await viewer(m.client)).toMatchObject({ pointsBalance: 0, pendingPointsBalance: 0 });
    await ledgerAgrees(m.loyaltyId);
  });

  it('return: after confirmation takes the points from the balance; more than is left is refused', async () => {
    const m = await memberWithPoints(t, 800);
    const orderId = (
      await t.ctx.db.query<{ order_id: string }>(
        "SELECT order_id FROM ledger_entries l JOIN accounts a ON a.id = l.account_id WHERE a.loyalty_id = $1 AND kind = 'purchase'",
        [m.loyaltyId],
      )
    )[0]?.order_id;
    const tooMany = await t.partner('POST', '/returns', { returnId: unique('ret'), orderId, points: 801 });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body).toMatchObject({
      message: `Only 800 points of order ${orderId} are left to return.`,
    });
    const res = await t.partner('POST', '/returns', {
      returnId: unique('ret'),
      orderId,
      points: 300,
      value: 2_000,
    });
    expect(res.status).toBe(201);
    expect((await viewer(m.client))?.pointsBalance).toBe(500);
    await ledgerAgrees(m.loyaltyId);
  });

  it('return: points already spent cannot be reversed; nothing is written', async () => {
    const m = await memberWithPoints(t, 500);
    const [{ order_id: orderId } = { order_id: '' }] = await t.ctx.db.query<{ order_id: string }>(
      "SELECT order_id FROM ledger_entries l JOIN accounts a ON a.id = l.account_id WHERE a.loyalty_id = $1 AND kind = 'purchase'",
      [m.loyaltyId],
    );
    expect(
      (await m.client.post('/api/create-exchange', { pointsConsumed: 500, totalValue: 500 })).status,
    ).toBe(200);
    const before = await ledgerCount(m.loyaltyId);
    const res = await t.partner('POST', '/returns', { returnId: unique('ret'), orderId });
    expect(res.status).toBe(409);
    expect(await ledgerCount(m.loyaltyId)).toBe(before);
    await ledgerAgrees(m.loyaltyId);
  });

  it('return: an unknown order is a 404; another member’s order is refused', async () => {
    const missing = await t.partner('POST', '/returns', { returnId: unique('ret'), orderId: 'nope' });
    expect(missing.status).toBe(404);
    const owner = await t.signedInMember();
    const other = await t.signedInMember();
    const order = purchase(owner.loyaltyId);
    await t.partner('POST', '/purchases', order);
    const res = await t.partner('POST', '/returns', {
      returnId: unique('ret'),
      orderId: order.orderId,
      loyaltyId: other.loyaltyId,
    });
    expect(res.status).toBe(400);
  });
});

describe('partner API: adjustments and redemptions', () => {
  it('adjustment: adds or takes points at once with a reason; overdrawing is refused', async () => {
    const m = await t.signedInMember();
    const add = await adjust(t, m.loyaltyId, 300, 'Goodwill: late delivery');
    expect(add.status).toBe(201);
    const [row] = transactionsEndpoint.response.parse((await m.client.get('/api/transactions')).body);
    expect(row).toMatchObject({ rewardType: 'manual', name: 'Goodwill: late delivery', adjustedPoints: 300 });
    const overdraw = await adjust(t, m.loyaltyId, -301, 'Correction');
    expect(overdraw.status).toBe(409);
    const noReason = await t.partner('POST', '/adjustments', {
      adjustmentId: unique('adj'),
      loyaltyId: m.loyaltyId,
      points: -10,
    });
    expect(noReason.status).toBe(400);
    expect((await viewer(m.client))?.pointsBalance).toBe(300);
    expect(await ledgerCount(m.loyaltyId)).toBe(1);
    await ledgerAgrees(m.loyaltyId);
  });

  it('redemption: spends cash balance; refused without canRedeem or beyond the balance', async () => {
    const m = await memberWithPoints(t, 1000);
    await m.client.post('/api/create-exchange', { pointsConsumed: 1000, totalValue: 1000 });
    const body = {
      redemptionId: unique('red'),
      loyaltyId: m.loyaltyId,
      amount: 400,
      storeDisplayName: 'Leeds',
    };
    const res = await t.partner('POST', '/redemptions', body);
    expect(res.status).toBe(201);
    expect((await t.partner('POST', '/redemptions', body)).body).toEqual(res.body);
    expect((await viewer(m.client))?.cashBalance).toBe(600);
    const tooMuch = await t.partner('POST', '/redemptions', {
      ...body,
      redemptionId: unique('red'),
      amount: 601,
    });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body).toMatchObject({
      message: "The member's balance is £6.00, less than the £6.01 to redeem.",
    });
    await t.partner('POST', `/members/${m.loyaltyId}`, { canRedeem: false });
    const blocked = await t.partner('POST', '/redemptions', {
      ...body,
      redemptionId: unique('red'),
      amount: 1,
    });
    expect(blocked.status).toBe(403);
    await ledgerAgrees(m.loyaltyId);
  });
});

describe('partner API: members and burn rates', () => {
  it('member show: balances, flags and recent ledger, by card number or email', async () => {
    const m = await memberWithPoints(t, 700);
    const byCard = await t.partner('GET', `/members/${m.loyaltyId}`);
    expect(byCard.status).toBe(200);
    expect(byCard.body).toMatchObject({
      member: { loyaltyId: m.loyaltyId, pointsBalance: 700, pendingPointsBalance: 0, vipLevel: null },
    });
    const byEmail = await t.partner('GET', `/members/${encodeURIComponent(m.email)}`);
    expect(byEmail.body).toMatchObject({ member: { loyaltyId: m.loyaltyId } });
    expect((await t.partner('GET', '/members/nobody@example.com')).status).toBe(404);
  });

  it('member set: staff decisions reach the account; canSignIn false signs the member out', async () => {
    const m = await t.signedInMember();
    const res = await t.partner('POST', `/members/${m.loyaltyId}`, {
      vipLevel: '20%',
      canConvert: false,
      underReview: true,
      isCredit: true,
    });
    expect(res.status).toBe(200);
    expect(await viewer(m.client)).toMatchObject({
      vipLevel: '20%',
      isCredit: true,
      underReview: true,
      accessRules: { canConvert: false, canRedeem: true, canSignIn: true },
    });
    expect((await t.partner('POST', `/members/${m.loyaltyId}`, {})).status).toBe(400);
    expect((await t.partner('POST', `/members/${m.loyaltyId}`, { canRedeem: 'yes' })).status).toBe(400);
    // A discount level is a percentage or one of the scheme's vipLevels: nothing else reaches the card.
    const banana = await t.partner('POST', `/members/${m.loyaltyId}`, { vipLevel: 'banana' });
    expect(banana.status).toBe(400);
    expect(banana.body).toMatchObject({
      fieldErrors: { vipLevel: 'vipLevel must be a percentage such as 15%' },
    });
    expect((await t.partner('POST', `/members/${m.loyaltyId}`, { vipLevel: '150%' })).status).toBe(400);
    expect((await viewer(m.client))?.vipLevel).toBe('20%');
    await t.partner('POST', `/members/${m.loyaltyId}`, { canSignIn: false });
    expect((await m.client.get('/api-w/viewer')).body).toMatchObject({ isAnonymous: true });
  });

  it('burn rate set: the first entry changes and GET /api/burn-rates answers it (§3)', async () => {
    const t2 = await createTestApp();
    try {
      const initial = burnRatesEndpoint.response.parse((await t2.client().get('/api/burn-rates')).body);
      expect(initial).toEqual([{ pointsLevel: 500, cashValue: 500 }]);
      expect((await t2.partner('POST', '/burn-rates', { pointsLevel: 0, cashValue: 5 })).status).toBe(400);
      expect((await t2.partner('POST', '/burn-rates', { pointsLevel: 200, cashValue: 150 })).status).toBe(
        200,
      );
      expect((await t2.client().get('/api/burn-rates')).body).toEqual([{ pointsLevel: 200, cashValue: 150 }]);
    } finally {
      await t2.close();
    }
  });
});

describe('member API: transactions and exchange (§5, §7, §8)', () => {
  it('transactions: newest first, and ?limit= answers only the most recent rows', async () => {
    const m = await t.signedInMember();
    for (const points of [100, 200, 300])
      await t.partner('POST', '/purchases', purchase(m.loyaltyId, { points }));
    const all = transactionsEndpoint.response.parse((await m.client.get('/api/transactions')).body);
    expect(all.map((row) => row.adjustedPoints)).toEqual([300, 200, 100]);
    const two = transactionsEndpoint.response.parse((await m.client.get('/api/transactions?limit=2')).body);
    expect(two.map((row) => row.adjustedPoints)).toEqual([300, 200]);
    expect((await m.client.get('/api/transactions?limit=0')).status).toBe(400);
    expect((await m.client.get('/api/transactions?limit=lots')).status).toBe(400);
  });

  it('transactions: a page at a time, the next page after the last row seen (a cursor)', async () => {
    const m = await t.signedInMember();
    for (const points of [10, 20, 30, 40, 50])
      await t.partner('POST', '/purchases', purchase(m.loyaltyId, { points }));
    const page = async (query: string) =>
      transactionsEndpoint.response.parse((await m.client.get(`/api/transactions?${query}`)).body);
    const first = await page('limit=2');
    expect(first.map((row) => row.adjustedPoints)).toEqual([50, 40]);
    // A purchase arriving between two pages does not shift the next one.
    await t.partner('POST', '/purchases', purchase(m.loyaltyId, { points: 60 }));
    const second = await page(`limit=2&before=${first[1]?.id}`);
    expect(second.map((row) => row.adjustedPoints)).toEqual([30, 20]);
    const last = await page(`limit=2&before=${second[1]?.id}`);
    expect(last.map((row) => row.adjustedPoints)).toEqual([10]);
    expect(await page(`limit=2&before=${last[0]?.id}`)).toEqual([]);
    // Another member's row as the cursor shows nothing of theirs, nor of this member.
    const other = await t.signedInMember();
    expect(
      transactionsEndpoint.response.parse(
        (await other.client.get(`/api/transactions?before=${first[0]?.id}`)).body,
      ),
    ).toEqual([]);
    for (const bad of ['before=abc', 'before=-1', 'before=0', 'before=99999999999999999999', 'limit=101']) {
      const res = await m.client.get(`/api/transactions?${bad}`);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'InvalidRequest' });
    }
  });

  it('transactions: needs sign-in (§8 message)', async () => {
    const res = await t.client().get('/api/transactions');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ message: 'To access your account details, you first need to sign in' });
  });

  it('exchange: moves points to cash at the first burn rate, and the ledger records it', async () => {
    const m = await memberWithPoints(t, 1_730);
    const res = await m.client.post('/api/create-exchange', { pointsConsumed: 1_500, totalValue: 1_500 });
    expect(res.status).toBe(200);
    expect(createExchangeEndpoint.response.parse(res.body)).toMatchObject({
      success: true,
      pointsBalance: 230,
      cashBalance: 1_500,
    });
    expect(await viewer(m.client)).toMatchObject({
      pointsBalance: 230,
      cashBalance: 1_500,
      maxAvailableCashValue: 0,
    });
    const [row] = transactionsEndpoint.response.parse((await m.client.get('/api/transactions')).body);
    expect(row).toMatchObject({
      kind: 'exchange',
      rewardType: 'exchange',
      adjustedPoints: -1_500,
      value: 1_500,
      redemptionType: 'points-to-pass',
    });
    await ledgerAgrees(m.loyaltyId);
  });

  it('exchange: bad amounts are refused with a message and change nothing', async () => {
    const m = await memberWithPoints(t, 1_000);
    const cases: [Record<string, unknown>, number][] = [
      [{ pointsConsumed: 0, totalValue: 0 }, 400],
      [{ pointsConsumed: -500, totalValue: 0 }, 400],
      [{ pointsConsumed: 'lots', totalValue: 0 }, 400],
      [{ pointsConsumed: 250, totalValue: 250 }, 400],
      [{ pointsConsumed: 1_500, totalValue: 1_500 }, 409],
      [{ pointsConsumed: 500, totalValue: 9_999 }, 409],
    ];
    for (const [body, status] of cases) {
      const res = await m.client.post('/api/create-exchange', body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body).toMatchObject({ success: false });
    }
    expect(await viewer(m.client)).toMatchObject({ pointsBalance: 1_000, cashBalance: 0 });
  });

  it('exchange: refused when under review (§8), unverified, canConvert false, or with no points (§5)', async () => {
    const review = await memberWithPoints(t, 500);
    await t.partner('POST', `/members/${review.loyaltyId}`, { underReview: true });
    const r1 = await review.client.post('/api/create-exchange', { pointsConsumed: 500, totalValue: 500 });
    expect(r1.status).toBe(403);
    expect(r1.body).toMatchObject({
      message: "We're reviewing your account so you can't add points to your pass at this time.",
    });

    const unverified = await memberWithPoints(t, 500);
    await t.partner('POST', `/members/${unverified.loyaltyId}`, { emailVerified: false });
    const r2 = await unverified.client.post('/api/create-exchange', { pointsConsumed: 500, totalValue: 500 });
    expect(r2.status).toBe(403);
    expect(r2.body).toMatchObject({ error: 'EmailUnverified' });

    const noConvert = await memberWithPoints(t, 500);
    await t.partner('POST', `/members/${noConvert.loyaltyId}`, { canConvert: false });
    const r3 = await noConvert.client.post('/api/create-exchange', { pointsConsumed: 500, totalValue: 500 });
    expect(r3.status).toBe(403);
    expect(r3.body).toMatchObject({ error: 'CannotConvert' });

    const empty = await t.signedInMember();
    const r4 = await empty.client.post('/api/create-exchange', { pointsConsumed: 500, totalValue: 500 });
    expect(r4.status).toBe(409);
    expect(r4.body).toMatchObject({ error: 'NoPoints' });

    const anonymous = await t.client().post('/api/create-exchange', { pointsConsumed: 500, totalValue: 500 });
    expect(anonymous.status).toBe(401);
  });

  it('exchange: off unless enablePointsExchange (§1)', async () => {
    const off = await createTestApp();
    try {
      const m = await off.signedInMember();
      const res = await m.client.post('/api/create-exchange', { pointsConsumed: 500, totalValue: 500 });
      expect(res.status).toBe(404);
    } finally {
      await off.close();
    }
  });

  it('exchange: 100 simultaneous exchanges never overdraw; the ledger sums to the balance', async () => {
    const m = await memberWithPoints(t, 10_250);
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        m.client.post('/api/create-exchange', { pointsConsumed: 500, totalValue: 500 }),
      ),
    );
    const ok = answers.filter((a) => a.status === 200).length;
    expect(ok).toBe(20);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(80);
    const row = await ledgerAgrees(m.loyaltyId);
    expect(row).toMatchObject({ balance: 250, cash: 10_000 });
  });

  it('pending points past their confirmation date count in the balance, and the next write confirms them', async () => {
    const m = await t.signedInMember();
    const order = purchase(m.loyaltyId, { points: 1_000 });
    await t.partner('POST', '/purchases', order);
    await t.ctx.db.query(
      "UPDATE ledger_entries SET confirms_at = now() - interval '1 second' WHERE order_id = $1",
      [order.orderId],
    );
    expect(await viewer(m.client)).toMatchObject({
      pointsBalance: 1_000,
      pendingPointsBalance: 0,
      maxAvailableCashValue: 1_000,
    });
    const [row] = transactionsEndpoint.response.parse((await m.client.get('/api/transactions')).body);
    expect(row).toMatchObject({ pending: false });
    expect(row?.awardedAt).not.toBeNull();
    const res = await m.client.post('/api/create-exchange', { pointsConsumed: 1_000, totalValue: 1_000 });
    expect(res.status).toBe(200);
    await ledgerAgrees(m.loyaltyId);
  });
});
