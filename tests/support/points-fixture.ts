import { expect } from 'vitest';
import { viewerResponseSchema } from '../../src/shared/api/viewer.ts';
import type { TestApp, TestClient } from './test-app.ts';

/**
 * The points API tests' shared set-up: request keys, a purchase as a till sends it, a member who
 * already holds confirmed points, their account as the viewer shows it, and time passing for their
 * pending points.
 */

let seq = 0;
/** A key no other request of the run uses (orderId, adjustmentId, …). */
export const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++seq}`;

/** A partner purchase as an in-store till sends it; `overrides` for what the test is about. */
export function tillPurchase(loyaltyId: string, overrides: Record<string, unknown> = {}) {
  return {
    orderId: unique('order'),
    loyaltyId,
    channel: 'in-store',
    storeDisplayName: 'Oxford Street',
    fasciaDisplayName: 'Flagship',
    value: 12_999,
    currency: 'GBP',
    points: 1_300,
    ...overrides,
  };
}

/** The signed-in member's account, as the viewer answers it. */
/** A partner adjustment of `points` (negative takes points away) with its reason, under a fresh id. */
export function adjust(t: TestApp, loyaltyId: string, points: number, reason: string) {
  return t.partner('POST', '/adjustments', { adjustmentId: unique('adj'), loyaltyId, points, reason });
}

export async function viewerAccount(client: TestClient) {
  const res = await client.get('/api-w/viewer');
  expect(res.status).toBe(200);
  return viewerResponseSchema.parse(res.body).account;
}

/** A signed-in member with `points` confirmed points (an old purchase, past its returns window). */
export async function memberWithPoints(t: TestApp, points: number) {
  const m = await t.signedInMember();
  const old = new Date(Date.now() - 60 * 86_400_000).toISOString();
  const res = await t.partner('POST', '/purchases', tillPurchase(m.loyaltyId, { points, purchasedAt: old }));
  expect(res.status).toBe(201);
  return m;
}

/** Matures every pending row of the member, as if their returns windows had passed. */
export async function matureAll(t: TestApp, loyaltyId: string) {
  await t.ctx.db.query(
    `UPDATE ledger_entries SET confirms_at = now() - interval '1 second'
      WHERE confirmed_at IS NULL AND account_id = (SELECT id FROM accounts WHERE loyalty_id = $1)`,
    [loyaltyId],
  );
}

/**
 * Accounts whose kept pending sum (accounts.pending_points, migration 0056) is not the sum of their
 * pending ledger rows: none, after any write.
 */
export async function pendingSumMismatches(t: TestApp) {
  return t.ctx.db.query<{ id: string; kept: number; summed: number }>(
    `SELECT a.id, a.pending_points AS kept, s.summed
       FROM accounts a
       CROSS JOIN LATERAL (SELECT COALESCE(SUM(l.points), 0)::bigint AS summed FROM ledger_entries l
                            WHERE l.account_id = a.id AND l.confirmed_at IS NULL AND l.confirms_at IS NOT NULL) s
      WHERE a.pending_points <> s.summed`,
  );
}
