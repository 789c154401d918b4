import { isPending, type LedgerRow } from './ledger-rows.ts';

/** A ledger row as the partner API answers it (the same answer for every replay of its key). */
export function partnerEntry(row: LedgerRow, loyaltyId: string) {
  return {
    id: String(row.id),
    kind: row.kind,
    key: row.request_key,
    loyaltyId,
    points: row.points,
    cash: row.cash,
    pending: isPending(row, new Date()),
    confirmsAt: row.confirms_at?.toISOString() ?? null,
    orderId: row.order_id,
    channel: row.channel,
    storeDisplayName: row.store_display_name,
    fasciaDisplayName: row.fascia_display_name,
    value: row.order_value,
    currency: row.order_currency,
    discount: row.discount,
    reason: row.reason,
    createdAt: row.created_at.toISOString(),
  };
}
