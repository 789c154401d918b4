import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimsEndpoint, createClaimEndpoint } from '#shared/api/claims.ts';
import { transactionsEndpoint } from '#shared/api/points.ts';
import { createTestApp, type TestApp } from '#tests/support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let seq = 0;
const orderId = () => `CL-${Date.now().toString(36)}-${++seq}`;
const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

/** A till purchase for a card no member has: kept unmatched (202). */
async function unmatched(overrides: Record<string, unknown> = {}) {
  const body = {
    orderId: orderId(),
    loyaltyId: '6399999999999',
    channel: 'in-store',
    storeDisplayName: 'Oxford Street',
    value: 4_999,
    currency: 'GBP',
    points: 500,
    purchasedAt: `${day(40)}T14:30:00.000Z`,
    ...overrides,
  };
  const res = await t.partner('POST', '/purchases', body);
  expect(res.status).toBe(202);
  return body;
}

const claimOf = (p: { orderId: string; purchasedAt: string; storeDisplayName?: string; value: number }) => ({
  orderId: p.orderId,
  purchasedOn: p.purchasedAt.slice(0, 10),
  channel: 'in-store',
  store: p.storeDisplayName ?? null,
  amount: p.value,
});

async function balances(client: Awaited<ReturnType<TestApp['signedInMember']>>['client']) {
  const viewer = await client.get<{ account: { pointsBalance: number; pendingPointsBalance: number } }>(
    '/api-w/viewer',
  );
  return viewer.body.account;
}

describe('unmatched purchases: a purchase for an unknown card is kept, to be claimed', () => {
  it('partner purchase: an unknown card answers 202 and keeps the purchase; the same request again replays, another body is refused', async () => {
    const body = await unmatched();
    const again = await t.partner('POST', '/purchases', body);
    expect(again.status).toBe(202);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toMatchObject({
      success: true,
      unmatched: { orderId: body.orderId, points: 500, claimed: false },
    });
    const other = await t.partner('POST', '/purchases', { ...body, points: 900 });
    expect(other.status).toBe(409);
    expect(other.body).toMatchObject({ error: 'IdempotencyKeyReused' });
  });
});

describe('member API: a purchase is missing?', () => {
  it('claim: matching order id, date, store and amount credit the purchase at once for the member the till named; it is in the history and the till request replays it', async () => {
    const email = `named-${orderId()}@example.com`.toLowerCase();
    const till = await unmatched({ loyaltyId: undefined, email });
    // The buyer joins, proving the email the till sent, after the till sent it.
    const m = await t.signedInMember({ email });
    const res = await m.client.post('/api/purchase-claims', { ...claimOf(till), store: ' oxford  street ' });
    expect(res.status).toBe(201);
    const { claim } = createClaimEndpoint.response.parse(res.body);
    expect(claim).toMatchObject({ status: 'approved', points: 500, orderId: till.orderId, reason: null });
    const [row] = transactionsEndpoint.response.parse((await m.client.get('/api/transactions')).body);
    expect(row).toMatchObject({ kind: 'purchase', adjustedPoints: 500, order: { orderId: till.orderId } });
    // Purchased 40 days ago: past the returns window, so the points count at once.
    expect((await balances(m.client)).pointsBalance).toBe(500);
    // The till sends the same purchase again: it answers the member's purchase, nothing twice.
    const replay = await t.partner('POST', '/purchases', till);
    expect(replay.status).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect((await balances(m.client)).pointsBalance).toBe(500);
    const list = claimsEndpoint.response.parse((await m.client.get('/api/purchase-claims')).body);
    expect(list.claims.map((c) => c.status)).toEqual(['approved']);
  });

  it('claim: the order number alone is not enough — a wrong amount, store or date waits for staff and credits nothing', async () => {
    const email = `named-${orderId()}@example.com`.toLowerCase();
    const till = await unmatched({ loyaltyId: undefined, email });
    const buyer = await t.signedInMember({ email });
    for (const wrong of [{ amount: till.value + 1 }, { store: 'Leeds Briggate' }, { purchasedOn: day(30) }]) {
      const probe = await t.signedInMember();
      const res = await probe.client.post('/api/purchase-claims', { ...claimOf(till), ...wrong });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ claim: { status: 'pending', points: null } });
      expect((await balances(probe.client)).pointsBalance).toBe(0);
    }
    // Still unclaimed: the member the till named can claim it.
    const res = await buyer.client.post('/api/purchase-claims', claimOf(till));
    expect(res.body).toMatchObject({ claim: { status: 'approved', points: 500 } });
  });

  it("claim: an order in another member's history is never moved by the member: it waits for staff, and the answer does not say so", async () => {
    const owner = await t.signedInMember();
    const thief = await t.signedInMember();
    const id = orderId();
    const purchasedAt = `${day(40)}T10:00:00.000Z`;
    expect(
      (
        await t.partner('POST', '/purchases', {
          orderId: id,
          loyaltyId: owner.loyaltyId,
          channel: 'in-store',
          storeDisplayName: 'Oxford Street',
          value: 2_000,
          currency: 'GBP',
          points: 200,
          purchasedAt,
        })
      ).status,
    ).toBe(201);
    const res = await thief.client.post('/api/purchase-claims', {
      orderId: id,
      purchasedOn: purchasedAt.slice(0, 10),
      channel: 'in-store',
      store: 'Oxford Street',
      amount: 2_000,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ claim: { status: 'pending' } });
    expect(JSON.stringify(res.body)).not.toContain(owner.loyaltyId);
    expect((await balances(thief.client)).pointsBalance).toBe(0);
    expect((await balances(owner.client)).pointsBalance).toBe(200);
    // The owner reporting it is told it is already theirs.
    const own = await owner.client.post('/api/purchase-claims', {
      orderId: id,
      purchasedOn: purchasedAt.slice(0, 10),
      channel: 'in-store',
      store: 'Oxford Street',
      amount: 2_000,
    });
    expect(own.status).toBe(409);
    expect(own.body).toMatchObject({ error: 'AlreadyInHistory' });
  });

  it('claim: an order is reported once; at most 3 wait for staff; at most 5 a day', async () => {
    const m = await t.signedInMember();
    const report = (id: string) =>
      m.client.post('/api/purchase-claims', {
        orderId: id,
        purchasedOn: day(3),
        channel: 'ecommerce',
        amount: 1_000,
      });
    const first = orderId();
    expect((await report(first)).status).toBe(201);
    const twice = await report(first);
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ error: 'AlreadyClaimed' });
    expect((await report(orderId())).status).toBe(201);
    expect((await report(orderId())).status).toBe(201);
    const fourth = await report(orderId());
    expect(fourth.status).toBe(409);
    expect(fourth.body).toMatchObject({ error: 'TooManyOpenClaims' });
    // Refused ones no longer wait; the daily limit still counts every report that was accepted.
    const { claims } = claimsEndpoint.response.parse((await m.client.get('/api/purchase-claims')).body);
    for (const c of claims) {
      expect(
        (await t.partner('POST', `/claims/${c.id}/refuse`, { reason: 'No such order at our tills.' })).status,
      ).toBe(200);
    }
    expect((await report(orderId())).status).toBe(201);
    expect((await report(orderId())).status).toBe(201);
    const sixth = await report(orderId());
    expect(sixth.status).toBe(429);
    expect(sixth.body).toMatchObject({ error: 'TooManyRequests' });
  });

  it('claim: bad input is a 400 naming the field, and nothing is stored', async () => {
    const m = await t.signedInMember();
    const good = {
      orderId: orderId(),
      purchasedOn: day(2),
      channel: 'in-store',
      store: 'Oxford Street',
      amount: 1_000,
    };
    const cases: [Record<string, unknown>, string][] = [
      [{ orderId: '' }, 'orderId'],
      [{ orderId: 'has spaces' }, 'orderId'],
      [{ orderId: 'x'.repeat(101) }, 'orderId'],
      [{ purchasedOn: '2026-13-40' }, 'purchasedOn'],
      [{ purchasedOn: day(-3) }, 'purchasedOn'],
      [{ purchasedOn: day(400) }, 'purchasedOn'],
      [{ channel: 'phone' }, 'channel'],
      [{ store: null }, 'store'],
      [{ amount: 0 }, 'amount'],
      [{ amount: 49.99 }, 'amount'],
      [{ amount: '4999' }, 'amount'],
      [{ store: 'Oxford\u0000Street' }, 'store'],
    ];
    for (const [change, field] of cases) {
      const res = await m.client.post<{ error: string; fieldErrors: Record<string, string> }>(
        '/api/purchase-claims',
        {
          ...good,
          ...change,
        },
      );
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(Object.keys(res.body.fieldErrors ?? {}), JSON.stringify(change)).toContain(field);
    }
    expect(claimsEndpoint.response.parse((await m.client.get('/api/purchase-claims')).body).claims).toEqual(
      [],
    );
    expect((await t.client().post('/api/purchase-claims', good)).status).toBe(401);
    expect((await t.client().get('/api/purchase-claims')).status).toBe(401);
  });
});

describe('partner API: staff decide claims', () => {
  it('claims: the queue lists pending claims with what the check found; approve with points credits once, refuse shows the reason', async () => {
    const m = await t.signedInMember();
    const id = orderId();
    const res = await m.client.post<{ claim: { id: string } }>('/api/purchase-claims', {
      orderId: id,
      purchasedOn: day(40),
      channel: 'ecommerce',
      amount: 7_500,
    });
    const claimId = res.body.claim.id;
    const queue = await t.partner<{
      claims: { id: string; finding: string; member: { loyaltyId: string } }[];
    }>('GET', '/claims');
    expect(queue.body.claims.find((c) => c.id === claimId)).toMatchObject({
      finding: 'not-found',
      member: { loyaltyId: m.loyaltyId },
    });
    const noPoints = await t.partner('POST', `/claims/${claimId}/approve`, {});
    expect(noPoints.status).toBe(400);
    expect(noPoints.body).toMatchObject({ error: 'PointsRequired' });
    const approved = await t.partner('POST', `/claims/${claimId}/approve`, { points: 750 });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ claim: { status: 'approved', points: 750 } });
    const again = await t.partner('POST', `/claims/${claimId}/approve`, { points: 750 });
    expect(again.body).toMatchObject({ claim: { status: 'approved', points: 750 } });
    expect((await balances(m.client)).pointsBalance).toBe(750);
    const refuseApproved = await t.partner('POST', `/claims/${claimId}/refuse`, { reason: 'Too late' });
    expect(refuseApproved.status).toBe(409);
    expect(refuseApproved.body).toMatchObject({ error: 'ClaimDecided' });

    const other = await m.client.post<{ claim: { id: string } }>('/api/purchase-claims', {
      orderId: orderId(),
      purchasedOn: day(5),
      channel: 'ecommerce',
      amount: 1_000,
    });
    const refused = await t.partner('POST', `/claims/${other.body.claim.id}/refuse`, {
      reason: 'We could not find this order.',
    });
    expect(refused.body).toMatchObject({
      claim: { status: 'refused', reason: 'We could not find this order.' },
    });
    const mine = claimsEndpoint.response.parse((await m.client.get('/api/purchase-claims')).body).claims;
    expect(mine.map((c) => [c.status, c.reason])).toEqual([
      ['refused', 'We could not find this order.'],
      ['approved', null],
    ]);
    const approveRefused = await t.partner('POST', `/claims/${other.body.claim.id}/approve`, { points: 1 });
    expect(approveRefused.status).toBe(409);
    expect((await balances(m.client)).pointsBalance).toBe(750);
  });

  it('claims: bad input to the staff endpoints is a clear 4xx', async () => {
    expect((await t.partner('GET', '/claims?status=maybe')).status).toBe(400);
    expect((await t.partner('GET', '/claims?limit=0')).status).toBe(400);
    expect((await t.partner('POST', '/claims/999999999/approve', {})).status).toBe(404);
    expect((await t.partner('POST', '/claims/abc/approve', {})).status).toBe(404);
    expect((await t.partner('POST', '/claims/1/approve', { points: -5 })).status).toBe(400);
    expect((await t.partner('POST', '/claims/1/approve', { points: '5' })).status).toBe(400);
    expect((await t.partner('POST', '/claims/1/refuse', {})).status).toBe(400);
    expect((await t.partner('POST', '/claims/1/refuse', { reason: '   ' })).status).toBe(400);
    const anonymous = await t.client().request('GET', '/partner/v1/claims');
    expect(anonymous.status).toBe(401);
  });

  it('claims: 100 parallel approvals of one claim credit it once', async () => {
    const m = await t.signedInMember();
    const till = await unmatched({ storeDisplayName: 'Leeds Briggate' });
    // The member got the store wrong: it waits for staff, who see the kept purchase and approve.
    const res = await m.client.post<{ claim: { id: string } }>('/api/purchase-claims', {
      ...claimOf(till),
      store: 'Leeds',
    });
    expect(res.body).toMatchObject({ claim: { status: 'pending' } });
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => t.partner('POST', `/claims/${res.body.claim.id}/approve`, {})),
    );
    expect(answers.map((a) => a.status).every((s) => s === 200)).toBe(true);
    expect((await balances(m.client)).pointsBalance).toBe(500);
    const rows = transactionsEndpoint.response.parse((await m.client.get('/api/transactions')).body);
    expect(rows).toHaveLength(1);
  });
});
