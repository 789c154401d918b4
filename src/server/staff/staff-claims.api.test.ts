import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInStaff } from '#tests/support/staff-fixture.ts';
import { createTestApp, type TestApp, type TestClient } from '#tests/support/test-app.ts';

let t: TestApp;
let support: TestClient;
let manager: TestClient;
let managerId: string;
beforeAll(async () => {
  t = await createTestApp({ config: { staff: { signInPerAddress: 10_000 } } });
  support = (await signedInStaff(t, 'support')).client;
  const m = await signedInStaff(t, 'manager');
  manager = m.client;
  managerId = m.id;
});
afterAll(() => t.close());

let order = 0;
/** A member's claim for an order that never reached us: it waits for staff. */
async function pendingClaim() {
  const m = await t.signedInMember();
  const res = await m.client.post<{ claim: { id: string } }>('/api/purchase-claims', {
    orderId: `LOST-${Date.now()}-${++order}`,
    purchasedOn: new Date().toISOString().slice(0, 10),
    channel: 'in-store',
    store: 'Oxford Street',
    amount: 4_999,
  });
  expect(res.status).toBeLessThan(300);
  return { member: m, id: res.body.claim.id };
}

const auditRows = (action: string) =>
  t.ctx.db.query("SELECT 1 FROM audit_log WHERE actor_kind = 'staff' AND actor_id = $1 AND action = $2", [
    managerId,
    action,
  ]);

describe('the missing-purchase claims queue in the console', () => {
  it('is a manager’s: support is refused the queue and the decisions', async () => {
    const { id } = await pendingClaim();
    expect((await support.get('/staff-api/claims')).status).toBe(403);
    expect((await support.post('/staff-api/claims/approve', { id, points: 10 })).status).toBe(403);
    expect((await support.post('/staff-api/claims/refuse', { id, reason: 'No' })).status).toBe(403);
    const queue = await manager.get<{ claims: { id: string; status: string }[] }>('/staff-api/claims');
    expect(queue.body.claims.find((c) => c.id === id)).toMatchObject({ status: 'pending' });
  });

  it('approves a claim once (parallel approvals credit once), audited once', async () => {
    const { member, id } = await pendingClaim();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => manager.post('/staff-api/claims/approve', { id, points: 300 })),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const viewer = await member.client.get<{
      account: { pointsBalance: number; pendingPointsBalance: number };
    }>('/api-w/viewer');
    expect(viewer.body.account.pointsBalance + viewer.body.account.pendingPointsBalance).toBe(300);
    expect(await auditRows('claim.approve')).toHaveLength(1);
  });

  it('refuses a claim with the reason the member reads', async () => {
    const { member, id } = await pendingClaim();
    expect((await manager.post('/staff-api/claims/refuse', { id, reason: '' })).status).toBe(400);
    const res = await manager.post('/staff-api/claims/refuse', { id, reason: 'We found no such order.' });
    expect(res.status).toBe(200);
    const mine = await member.client.get<{ claims: { id: string; status: string; reason: string }[] }>(
      '/api/purchase-claims',
    );
    expect(mine.body.claims.find((c) => c.id === id)).toMatchObject({
      status: 'refused',
      reason: 'We found no such order.',
    });
    expect(await auditRows('claim.refuse')).toHaveLength(1);
    const refused = await manager.get<{ claims: { id: string }[] }>('/staff-api/claims?status=refused');
    expect(refused.body.claims.map((c) => c.id)).toContain(id);
  });
});
