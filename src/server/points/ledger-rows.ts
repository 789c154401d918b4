import type { LedgerKind, Transaction } from '#shared/api/points.ts';

/** One row of ledger_entries, as the drivers return it. */
export interface LedgerRow {
  id: number;
  account_id: string;
  kind: LedgerKind;
  points: number;
  cash: number;
  confirms_at: Date | null;
  confirmed_at: Date | null;
  order_id: string | null;
  channel: 'ecommerce' | 'in-store' | null;
  store_display_name: string | null;
  fascia_display_name: string | null;
  order_value: number | null;
  order_currency: string | null;
  reason: string | null;
  created_at: Date;
  request_key: string | null;
  request_hash: string | null;
  reverses_entry_id: number | null;
  discount: string | null;
  source: string;
}

/** Pending: purchase points (and their returns) whose confirmation date has not come. */
export function isPending(row: Pick<LedgerRow, 'confirmed_at' | 'confirms_at'>, now: Date): boolean {
  return row.confirmed_at === null && row.confirms_at !== null && row.confirms_at.getTime() > now.getTime();
}

/** When the row's points counted in the balance: at confirmation, or when written if never pending. */
function awardedAt(row: LedgerRow, now: Date): Date | null {
  if (row.confirms_at === null) return row.created_at;
  if (row.confirmed_at) return row.confirms_at;
  return row.confirms_at.getTime() <= now.getTime() ? row.confirms_at : null;
}

/** SPEC §3 Transaction display fields, derived from the ledger row. */
export function transactionView(
  row: LedgerRow,
  now: Date,
): Omit<Transaction, 'returned' | 'netPoints' | 'returnOf' | 'expiresAt'> {
  const order =
    row.order_id && row.channel
      ? {
          orderId: row.order_id,
          purchaseType: row.channel,
          storeDisplayName: row.store_display_name,
          fasciaDisplayName: row.fascia_display_name,
        }
      : null;
  const place = [row.store_display_name, row.fascia_display_name].filter(Boolean);
  const awarded = awardedAt(row, now);
  return {
    id: String(row.id),
    kind: row.kind,
    awardedAt: awarded ? awarded.toISOString() : null,
    adjustedPoints: row.points,
    pending: isPending(row, now),
    confirmsAt: row.confirms_at ? row.confirms_at.toISOString() : null,
    rewardType: row.kind === 'exchange' ? 'exchange' : row.kind === 'adjustment' ? 'manual' : 'other',
    order,
    name: row.kind === 'adjustment' ? row.reason : (row.fascia_display_name ?? row.store_display_name),
    location: place.length ? (row.store_display_name ?? row.fascia_display_name) : null,
    value: row.kind === 'exchange' || row.kind === 'redemption' ? Math.abs(row.cash) : row.order_value,
    channel: row.channel === 'in-store' ? 'In-Store' : row.channel === 'ecommerce' ? 'Online' : null,
    currency: row.order_currency,
    createdDate: row.created_at.toISOString(),
    discount: row.discount,
    redemptionType:
      row.kind === 'exchange'
        ? 'points-to-pass'
        : row.kind === 'redemption'
          ? row.channel === 'ecommerce'
            ? 'online'
            : 'in-store'
          : null,
    cash: row.cash,
  };
}
