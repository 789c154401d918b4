import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInStaff } from '#tests/support/staff-fixture.ts';
import { createTestApp, type TestApp, type TestClient } from '#tests/support/test-app.ts';

/**
 * Missing-purchase claims against what the till says: a receipt's details are no proof of whose
 * purchase it was, and the till's buyer is credited whatever a claim said first.
 */
let t: TestApp;
let manager: TestClient;
beforeAll(async () => {
  t = await createTestApp({ config: { staff: { signInPerAddress: 10_000 } } });
  manager = (await signedInStaff(t, 'manager')).client;
});
afterAll(() => t.close());

let seq = 0;
const orderId = () => `TR-${Date.now().toString(36)}-${++seq}`;
const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
const unusedEmail = () => `till-named-${Date.now()}-${++seq}@example.com`;
const unusedCard = () => `6398${String(Date.now()).slice(-6)}${String(++seq).padStart(3, '0')}`;

/** A till purchase 40 days old (past the returns window: its points count at once). */
function tillPurchase(member: { loyaltyId: string } | { email: string }, id = orderId()) {
  return {
    orderId: id,
    ...member,
    channel: 'in-store',
    storeDisplayName: 'Oxford Street',
    value: 4_999,
    currency: 'GBP',
    points: 500,
    purchasedAt: `${day(40)}T14:30:00.000Z`,
  };
}

const claimOf = (p: ReturnType<typeof tillPurchase>) => ({
  orderId: p.orderId,
  purchasedOn: p.purchasedAt.slice(0, 10),
  channel: 'in-store',
  store: p.storeDisplayName,
  amount: p.value,
});

async function held(client: TestClient) {
  const viewer = await client.get<{ account: { pointsBalance: number; pendingPointsBalance: number } }>(
    '/api-w/viewer',
  );
  return viewer.body.account.pointsBalance + viewer.body.account.pendingPointsBalance;
}

interface StaffClaim {
  id: string;
  status: string;
  finding: string;
  points: number | null;
  conflict: { at: string; settled: string | null } | null;
  purchase: { onCard: string | null; points: number } | null;
}

async function partnerQueue(): Promise<StaffClaim[]> {
  const res = await t.partner<{ claims: StaffClaim[] }>('GET', '/claims?limit=200');
  expect(res.status).toBe(200);
  return res.body.claims;
}

async function consoleQueue(): Promise<StaffClaim[]> {
  const res = await manager.get<{ claims: StaffClaim[] }>('/staff-api/claims');
  expect(res.status).toBe(200);
  return res.body.claims;
}

describe('claims: matched at once only for the member the till named', () => {
  it('a kept purchase under an email nobody has proved waits for staff, also for a member who typed that email and never proved it', async () => {
    const email = unusedEmail();
    const till = tillPurchase({ email });
    expect((await t.partner('POST', '/purchases', till)).status).toBe(202);

    const stranger = await t.signedInMember();
    const res = await stranger.client.post<{ claim: { id: string } }>('/api/purchase-claims', claimOf(till));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ claim: { status: 'pending', points: null } });
    expect(await held(stranger.client)).toBe(0);

    // A member who gave that email but never opened its link is no more the buyer.
    const created = await t.partner<{ member: { loyaltyId: string } }>('POST', '/members', {
      email,
      name: 'Unproven',
      password: 'correct-horse-battery',
      emailVerified: false,
    });
    expect(created.status).toBe(201);
    const unproven = t.client();
    expect(
      (await unproven.post('/api/login', { username: email, password: 'correct-horse-battery' })).status,
    ).toBe(200);
    const theirs = await unproven.post<{ claim: { id: string } }>('/api/purchase-claims', claimOf(till));
    expect(theirs.body).toMatchObject({ claim: { status: 'pending', points: null } });
    expect(await held(unproven)).toBe(0);

    const queue = await partnerQueue();
    for (const id of [res.body.claim.id, theirs.body.claim.id])
      expect(queue.find((c) => c.id === id)).toMatchObject({
        finding: 'reference-differs',
        purchase: { onCard: null, points: 500 },
      });
    // Still kept, so staff can give it to whoever they find is the buyer.
    const replay = await t.partner('POST', '/purchases', till);
    expect(replay.status).toBe(202);
    expect(replay.body).toMatchObject({ unmatched: { claimed: false } });
  });

  it('a kept purchase for a card nobody holds waits for staff', async () => {
    const till = tillPurchase({ loyaltyId: unusedCard() });
    expect((await t.partner('POST', '/purchases', till)).status).toBe(202);
    const stranger = await t.signedInMember();
    const res = await stranger.client.post('/api/purchase-claims', claimOf(till));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ claim: { status: 'pending', points: null } });
    expect(await held(stranger.client)).toBe(0);
  });

  it('the member whose email the till named, once they proved it, is matched at once', async () => {
    const email = unusedEmail();
    const till = tillPurchase({ email: ` ${email.toUpperCase()} ` });
    expect((await t.partner('POST', '/purchases', till)).status).toBe(202);
    // They join (proving the address) after the till sent the purchase.
    const buyer = await t.signedInMember({ email });
    const res = await buyer.client.post('/api/purchase-claims', claimOf(till));
    expect(res.body).toMatchObject({ claim: { status: 'approved', points: 500 } });
    expect(await held(buyer.client)).toBe(500);
    const replay = await t.partner('POST', '/purchases', till);
    expect(replay.status).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await held(buyer.client)).toBe(500);
  });

  it('the member holding the card the till named is matched at once', async () => {
    const card = unusedCard();
    const till = tillPurchase({ loyaltyId: card });
    expect((await t.partner('POST', '/purchases', till)).status).toBe(202);
    const buyer = await t.signedInMember();
    // A card handed over the counter and registered to the member after the till sent the purchase.
    await t.ctx.db.query('UPDATE accounts SET loyalty_id = $2 WHERE loyalty_id = $1', [
      buyer.loyaltyId,
      card,
    ]);
    const res = await buyer.client.post('/api/purchase-claims', claimOf(till));
    expect(res.body).toMatchObject({ claim: { status: 'approved', points: 500 } });
    expect(await held(buyer.client)).toBe(500);
  });
});

describe("claims: the till's buyer is credited when a claim was approved first", () => {
  /** A claimant's report of an order that has not reached us, approved by staff with 300 points. */
  async function approvedFirst() {
    const claimant = await t.signedInMember();
    const buyer = await t.signedInMember();
    const till = tillPurchase({ loyaltyId: buyer.loyaltyId });
    const res = await claimant.client.post<{ claim: { id: string } }>('/api/purchase-claims', claimOf(till));
    expect(res.body).toMatchObject({ claim: { status: 'pending' } });
    const id = res.body.claim.id;
    const approved = await t.partner('POST', `/claims/${id}/approve`, { points: 300 });
    expect(approved.status).toBe(200);
    expect(await held(claimant.client)).toBe(300);
    return { claimant, buyer, till, id };
  }

  const conflictAudits = (id: string) =>
    t.ctx.db.query(
      "SELECT actor_kind, change FROM audit_log WHERE action = 'claim.conflict' AND change->>'claim' = $1",
      [id],
    );

  it('the real purchase credits its buyer (not 409), a retry replays it, and staff see the conflict in both queues', async () => {
    const { claimant, buyer, till, id } = await approvedFirst();
    const first = await t.partner('POST', '/purchases', till);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ entry: { loyaltyId: buyer.loyaltyId, points: 500 } });
    const retry = await t.partner('POST', '/purchases', till);
    expect(retry.status).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toEqual(first.body);
    expect(await held(buyer.client)).toBe(500);
    // The claimant keeps the points until staff decide.
    expect(await held(claimant.client)).toBe(300);

    const expected = {
      id,
      status: 'approved',
      points: 300,
      conflict: { settled: null },
      purchase: { onCard: buyer.loyaltyId, points: 500 },
    };
    expect((await partnerQueue()).find((c) => c.id === id)).toMatchObject(expected);
    expect((await consoleQueue()).find((c) => c.id === id)).toMatchObject(expected);
    const audits = await conflictAudits(id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actor_kind: 'bootstrap', change: { buyer: buyer.loyaltyId } });
  });

  it('50 identical till requests at once credit the buyer once and flag the claim once', async () => {
    const { buyer, till, id } = await approvedFirst();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => t.partner('POST', '/purchases', till)),
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 201));
    expect(answers.filter((a) => a.headers['idempotent-replayed'] !== 'true')).toHaveLength(1);
    expect(await held(buyer.client)).toBe(500);
    expect(await conflictAudits(id)).toHaveLength(1);
  });

  it('in a batch too: the buyer is credited and the claim flagged', async () => {
    const { buyer, till, id } = await approvedFirst();
    const others = [
      tillPurchase({ loyaltyId: buyer.loyaltyId }),
      tillPurchase({ loyaltyId: buyer.loyaltyId }),
    ];
    const batch = await t.partner<{ results: { status: number }[] }>('POST', '/purchases/batch', {
      purchases: [till, ...others],
    });
    expect(batch.body.results.map((r) => r.status)).toEqual([201, 201, 201]);
    expect(await held(buyer.client)).toBe(1_500);
    expect((await partnerQueue()).find((c) => c.id === id)).toMatchObject({ conflict: { settled: null } });
  });

  it('staff settle it: refusing takes the claimant’s points back (audited); approving again lets them keep them', async () => {
    const taken = await approvedFirst();
    const kept = await approvedFirst();
    for (const { till } of [taken, kept])
      expect((await t.partner('POST', '/purchases', till)).status).toBe(201);

    const refused = await manager.post('/staff-api/claims/refuse', {
      id: taken.id,
      reason: 'The till recorded this order on another card.',
    });
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject({ claim: { status: 'refused', conflict: { settled: 'taken-back' } } });
    expect(await held(taken.claimant.client)).toBe(0);
    expect(await held(taken.buyer.client)).toBe(500);
    const mine = await taken.claimant.client.get<{ claims: { id: string }[] }>('/api/purchase-claims');
    expect(mine.body.claims.find((c) => c.id === taken.id)).toMatchObject({
      status: 'refused',
      points: null,
      reason: 'The till recorded this order on another card.',
    });

    const approved = await manager.post('/staff-api/claims/approve', { id: kept.id });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ claim: { status: 'approved', conflict: { settled: 'kept' } } });
    expect(await held(kept.claimant.client)).toBe(300);

    const queue = (await consoleQueue()).map((c) => c.id);
    expect(queue).not.toContain(taken.id);
    expect(queue).not.toContain(kept.id);
    const decisions = await t.ctx.db.query<{ action: string; change: Record<string, unknown> }>(
      "SELECT action, change FROM audit_log WHERE actor_kind = 'staff' AND change->>'claim' = ANY ($1)",
      [[taken.id, kept.id]],
    );
    expect(decisions.map((d) => [d.action, d.change.conflict])).toEqual(
      expect.arrayContaining([
        ['claim.refuse', 'taken-back'],
        ['claim.approve', 'kept'],
      ]),
    );
    // A settled conflict is decided: refusing it again, or refusing the kept one, changes nothing.
    expect(
      (await manager.post('/staff-api/claims/refuse', { id: kept.id, reason: 'Changed my mind' })).status,
    ).toBe(409);
    expect(await held(kept.claimant.client)).toBe(300);
  });
});
