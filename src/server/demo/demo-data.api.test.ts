import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/support/test-app.ts';
import { findAccountByProvenEmail } from '../members/email-proof.ts';
import { seedDemoHistory } from '../points/demo-history.ts';
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

describe('demo history', () => {
  it('two servers writing the history at the same moment write it once, and neither fails', async () => {
    const { loyaltyId } = await seedDemo(t.ctx);
    const account = await findAccountByProvenEmail(t.ctx.db, demoMember.email);
    if (!account) throw new Error(`no demo member ${loyaltyId}`);
    await t.ctx.db.query('DELETE FROM ledger_entries WHERE account_id = $1', [account.id]);
    const written = await Promise.all([seedDemoHistory(t.ctx, account), seedDemoHistory(t.ctx, account)]);
    expect(written.filter(Boolean)).toHaveLength(1);
    const [row] = await t.ctx.db.query<{ n: number; keys: number }>(
      'SELECT COUNT(*)::int AS n, COUNT(DISTINCT (kind, request_key))::int AS keys FROM ledger_entries WHERE account_id = $1',
      [account.id],
    );
    expect(row?.n).toBe(row?.keys);
    expect(row?.n).toBeGreaterThan(5);
  });
});
