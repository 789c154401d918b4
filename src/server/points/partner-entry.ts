import { isPending, type LedgerRow } from './ledger-rows.ts';

/** The columns of a ledger row the partner API shows. */
export type PartnerEntryRow = Pick<
  LedgerRow,
  | 'id'
  | 'kind'
  | 'request_key'
  | 'points'
  | 'cash'
  | 'confirms_at'
  | 'confirmed_at'
  | 'order_id'
  | 'channel'
  | 'store_display_name'
  | 'fascia_display_name'
  | 'order_value'
  | 'order_currency'
  | 'discount'
  | 'reason'
  | 'created_at'
>;

/** A ledger row as the partner API answers it (the same answer for every replay of its key). */
export function partnerEntry(row: PartnerEntryRow, loyaltyId: string) {
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
