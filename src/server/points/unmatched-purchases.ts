import type { Audit } from '../audit/audit-log.ts';
import { type Database, type Queryable, queryOne } from '../db/database.ts';
import { keyReused, requestHash } from './idempotent-writes.ts';
import type { PurchaseInput } from './purchase-command.ts';

/** A purchase that reached the partner API for a card or email no member has (unmatched_purchases). */
export interface UnmatchedRow {
  order_id: string;
  member_reference: string;
  channel: 'ecommerce' | 'in-store';
  store_display_name: string | null;
  fascia_display_name: string | null;
  order_value: number;
  order_currency: string;
  points: number;
  purchased_at: Date;
  discount: string | null;
  request_hash: string;
  request_body: unknown;
  received_at: Date;
  claimed_by: string | null;
  claimed_at: Date | null;
}

/**
 * Keeps a purchase whose member is unknown, so that member can claim it (claims/claims-service.ts). Once per
 * order id, like a ledger purchase: the same request again answers the kept row (replayed), another
 * body with the same order id is refused. Only called once the ledger holds no purchase of that order.
 */
export async function keepUnmatched(
  db: Database,
  reference: string,
  input: PurchaseInput,
  body: Record<string, unknown>,
  audit?: Audit,
): Promise<{ row: UnmatchedRow; replayed: boolean }> {
  const hash = requestHash(body);
  const inserted = await db.transaction(async (tx) => {
    const row = await insertUnmatched(tx, reference, input, hash, body);
    // Kept, not a ledger write: audited as the purchase it is, with no member (a replay writes none).
    if (row) await audit?.(tx, { memberId: null, change: { ...body, unmatched: true } });
    return row;
  });
  if (inserted) return { row: inserted, replayed: false };
  const kept = await queryOne<UnmatchedRow>(db, 'SELECT * FROM unmatched_purchases WHERE order_id = $1', [
    input.orderId,
  ]);
  if (!kept || kept.request_hash !== hash) throw keyReused('purchase', input.orderId);
  return { row: kept, replayed: true };
}

function insertUnmatched(
  db: Queryable,
  reference: string,
  input: PurchaseInput,
  hash: string,
  body: unknown,
): Promise<UnmatchedRow | undefined> {
  return queryOne<UnmatchedRow>(
    db,
    `INSERT INTO unmatched_purchases (order_id, member_reference, channel, store_display_name,
       fascia_display_name, order_value, order_currency, points, purchased_at, discount, request_hash,
       request_body)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, COALESCE($9, now()), $10, $11, $12)
     ON CONFLICT (order_id) DO NOTHING RETURNING *`,
    [
      input.orderId,
      reference,
      input.channel,
      input.storeDisplayName,
      input.fasciaDisplayName,
      input.value,
      input.currency,
      input.points,
      input.purchasedAt,
      input.discount,
      hash,
      JSON.stringify(body),
    ],
  );
}

/** The purchase a kept row becomes, with the partner's own request as its idempotency fingerprint. */
export function purchaseOf(row: UnmatchedRow): PurchaseInput {
  return {
    orderId: row.order_id,
    channel: row.channel,
    storeDisplayName: row.store_display_name,
    fasciaDisplayName: row.fascia_display_name,
    value: Number(row.order_value),
    currency: row.order_currency,
    points: Number(row.points),
    purchasedAt: row.purchased_at,
    discount: row.discount,
  };
}

/** What the partner API answers for a kept purchase (202: accepted, waiting for its member). */
export function unmatchedAnswer(row: UnmatchedRow) {
  return {
    success: true,
    unmatched: {
      orderId: row.order_id,
      memberReference: row.member_reference,
      points: Number(row.points),
      receivedAt: row.received_at.toISOString(),
      claimed: row.claimed_by !== null,
    },
    message: `No member has the card number or email ${row.member_reference}: the purchase is kept unmatched, so its member can claim it from their purchase history.`,
  };
}
