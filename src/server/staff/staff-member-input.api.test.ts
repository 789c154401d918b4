import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInStaff } from '#tests/support/staff-fixture.ts';
import { createTestApp, type TestApp, type TestClient } from '#tests/support/test-app.ts';

let t: TestApp;
let manager: TestClient;
beforeAll(async () => {
  t = await createTestApp({ config: { staff: { signInPerAddress: 10_000 } } });
  manager = (await signedInStaff(t, 'manager')).client;
});
afterAll(() => t.close());

/** The member's row and every table a manager's action writes: nothing may change. */
async function snapshot(loyaltyId: string) {
  const [account] = await t.ctx.db.query(
    `SELECT points_balance, vip_level, under_review, can_redeem, can_convert, can_sign_in
       FROM accounts WHERE loyalty_id = $1`,
    [loyaltyId],
  );
  const [counts] = await t.ctx.db.query(
    `SELECT (SELECT count(*)::int FROM ledger_entries) AS ledger, (SELECT count(*)::int FROM audit_log) AS audit`,
  );
  return { account, counts };
}

describe('staff console: bad input to a manager’s action answers 4xx and writes nothing', () => {
  it.each([
    ['a space', 'adjust ment-0001'],
    ['a non-ASCII character', 'adjustmént-0001'],
    ['an emoji', 'adjustment-🎂-0001'],
  ])('adjust points: an adjustmentId with %s answers 400 naming the field', async (_what, adjustmentId) => {
    const m = await t.signedInMember();
    const before = await snapshot(m.loyaltyId);
    const res = await manager.post('/staff-api/member/adjust-points', {
      loyaltyId: m.loyaltyId,
      adjustmentId,
      points: 50,
      reason: 'Goodwill',
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      success: false,
      error: 'InvalidRequest',
      fieldErrors: { adjustmentId: 'adjustmentId must be printable characters without spaces' },
    });
    expect(await snapshot(m.loyaltyId)).toEqual(before);
  });

  it('adjust points: an adjustmentId of printable characters is still accepted, once', async () => {
    const m = await t.signedInMember();
    const body = { loyaltyId: m.loyaltyId, adjustmentId: 'console:adj#0001', points: 50, reason: 'Goodwill' };
    expect((await manager.post('/staff-api/member/adjust-points', body)).body).toMatchObject({
      success: true,
      notice: 'points-adjusted',
      points: 50,
    });
    expect((await manager.post('/staff-api/member/adjust-points', body)).body).toEqual({
      success: true,
      notice: 'adjustment-already-recorded',
    });
  });

  it('update: a member update with nothing to change answers 400 NothingToChange and writes nothing', async () => {
    const m = await t.signedInMember();
    const before = await snapshot(m.loyaltyId);
    for (const body of [{ loyaltyId: m.loyaltyId }, { loyaltyId: m.loyaltyId, somethingElse: true }]) {
      const res = await manager.post('/staff-api/member/update', body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        success: false,
        error: 'NothingToChange',
        message: 'Name at least one thing to change.',
      });
    }
    expect(await snapshot(m.loyaltyId)).toEqual(before);
  });
});
