import type { Claim } from '#shared/api/claims.ts';
import type { Queryable } from '../db/database.ts';
import type { UnmatchedRow } from '../points/unmatched-purchases.ts';

/** One row of purchase_claims, with the points of the ledger row an approval wrote. */
export interface ClaimRow {
  id: number;
  account_id: string;
  order_id: string;
  purchased_on: string | Date;
  channel: 'in-store' | 'ecommerce';
  store: string | null;
  amount: number;
  currency: string;
  status: Claim['status'];
  finding: 'matched' | 'details-differ' | 'reference-differs' | 'another-card' | 'not-found';
  reason: string | null;
  ledger_entry_id: number | null;
  /** The till's purchase of the order, recorded after this claim was approved (claim-conflicts.ts). */
  conflict_entry_id: number | null;
  conflict_at: Date | null;
  /** When staff kept the claimant's points or took them back (refused, reversal_entry_id). */
  conflict_settled_at: Date | null;
  reversal_entry_id: number | null;
  created_at: Date;
  decided_at: Date | null;
  points: number | null;
}

/** A claim with its credited points (the ledger row's), in the order given by `where`. */
export const claimSelect = `SELECT c.*, c.purchased_on::text AS purchased_on, l.points
  FROM purchase_claims c LEFT JOIN ledger_entries l ON l.id = c.ledger_entry_id`;

export function claimView(row: ClaimRow): Claim {
  return {
    id: String(row.id),
    orderId: row.order_id,
    purchasedOn: String(row.purchased_on).slice(0, 10),
    channel: row.channel,
    store: row.store,
    amount: Number(row.amount),
    currency: row.currency,
    status: row.status,
    reason: row.reason,
    // A refused claim keeps the credit it had when a conflict took it back: no points to show.
    points: row.points === null || row.status !== 'approved' ? null : Number(row.points),
    createdAt: row.created_at.toISOString(),
    decidedAt: row.decided_at?.toISOString() ?? null,
  };
}

export async function claimById(db: Queryable, id: number, lock = false): Promise<ClaimRow | undefined> {
  if (lock) {
    // Lock the claim alone (FOR UPDATE cannot lock the nullable side of an outer join).
    await db.query('SELECT id FROM purchase_claims WHERE id = $1 FOR UPDATE', [id]);
  }
  const [row] = await db.query<ClaimRow>(`${claimSelect} WHERE c.id = $1`, [id]);
  return row;
}

/** Store names compared as a member types them: case, spaces and punctuation do not count. */
function storeKey(name: string | null): string {
  return (name ?? '').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

/**
 * Whether what the member reported is that purchase: the same channel and currency, the amount to
 * the penny, the store (in store: its store or fascia name), and the day, within a day either way
 * (the receipt's local date against the till's UTC time). An order number alone is never enough:
 * receipts are thrown away and order numbers run in sequence (docs/decisions/0056-missing-purchases-what-may-be-matched.md).
 */
export function detailsAgree(
  claim: { channel: string; store: string | null; amount: number; currency: string; purchasedOn: string },
  purchase: UnmatchedRow,
): boolean {
  if (claim.channel !== purchase.channel) return false;
  if (claim.currency !== purchase.order_currency || claim.amount !== Number(purchase.order_value))
    return false;
  if (claim.channel === 'in-store') {
    const key = storeKey(claim.store);
    if (
      !key ||
      (key !== storeKey(purchase.store_display_name) && key !== storeKey(purchase.fascia_display_name))
    )
      return false;
  }
  const day = Date.parse(`${claim.purchasedOn}T00:00:00Z`);
  const bought = Date.parse(`${purchase.purchased_at.toISOString().slice(0, 10)}T00:00:00Z`);
  return Math.abs(day - bought) <= 86_400_000;
}
