import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/support/test-app.ts';
import { demoMember } from './demo-data.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ production: true });
});
afterAll(() => t.close());

describe('the demo member never exists in production (its sign-in is published in the README)', () => {
  it('production: POST /partner/v1/demo answers 404 and creates nothing: no account, no ledger row, no audit row', async () => {
    const counts = async () =>
      (
        await t.ctx.db.query<{ accounts: number; demo: number; ledger: number; audit: number }>(
          `SELECT (SELECT count(*)::int FROM accounts) AS accounts,
                  (SELECT count(*)::int FROM accounts WHERE email = $1) AS demo,
                  (SELECT count(*)::int FROM ledger_entries) AS ledger,
                  (SELECT count(*)::int FROM audit_log) AS audit`,
          [demoMember.email],
        )
      )[0];
    const before = await counts();
    const res = await t.partner('POST', '/demo', {});
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, error: 'NotFound' });
    expect(String(res.body.message)).toMatch(/production/);
    expect(await counts()).toEqual({ ...before, demo: 0 });
    const signIn = await t
      .client()
      .post('/api/login', { username: demoMember.email, password: demoMember.password });
    expect(signIn.status).not.toBe(200);
  });
});
