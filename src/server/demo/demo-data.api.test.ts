import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/support/test-app.ts';
import { demoMember, seedDemo } from './demo-data.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo member', () => {
  it('servers seeding at the same moment make one demo member, and none of them fails', async () => {
    const results = await Promise.all([seedDemo(t.ctx), seedDemo(t.ctx), seedDemo(t.ctx)]);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(results.map((r) => r.loyaltyId)).size).toBe(1);
    const [row] = await t.ctx.db.query<{ n: number }>(
      'SELECT COUNT(*)::int AS n FROM accounts WHERE email = $1',
      [demoMember.email],
    );
    expect(row?.n).toBe(1);
  });
});
