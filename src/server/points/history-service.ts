import type { Transaction } from '#shared/api/points.ts';
import type { Queryable } from '../db/database.ts';
import { type LedgerRow, transactionView } from './ledger-rows.ts';
import { ledgerPage } from './ledger-store.ts';

/**
 * The member's history a page at a time (GET /api/transactions: the history screen and the Home's
 * recent activity read the same page). Each row is tied to what belongs with it: a purchase carries
 * its returns (points taken back, value refunded, net points), a return names its purchase, and with
 * points expiry on a row that added points carries its expiry date. Every look-up is by the page's
 * ids (ledger_entries_reverses, the primary key), so a page costs the same whatever the history holds.
 */
export async function historyPage(
  db: Queryable,
  accountId: string,
  page: { limit: number; before?: string | undefined },
  expiryMonths: number | null,
): Promise<Transaction[]> {
  const rows = await ledgerPage(db, accountId, page);
  const purchaseIds = rows.filter((r) => r.kind === 'purchase').map((r) => r.id);
  const reversedIds = rows.flatMap((r) =>
    r.kind === 'return' && r.reverses_entry_id ? [r.reverses_entry_id] : [],
  );
  const [returns, purchases, expiries] = await Promise.all([
    returnsOf(db, purchaseIds),
    purchaseDates(db, reversedIds),
    expiryMonths ? expiryDates(db, rows, expiryMonths) : new Map<number, Date>(),
  ]);
  const now = new Date();
  return rows.map((row) => {
    const returned = returns.get(Number(row.id)) ?? null;
    const purchasedAt = row.reverses_entry_id ? purchases.get(Number(row.reverses_entry_id)) : undefined;
    return {
      ...transactionView(row, now),
      returned: row.kind === 'purchase' ? returned : null,
      netPoints: row.kind === 'purchase' ? row.points - (returned?.points ?? 0) : null,
      returnOf:
        row.kind === 'return' && row.reverses_entry_id && purchasedAt
          ? { id: String(row.reverses_entry_id), createdDate: purchasedAt.toISOString() }
          : null,
      expiresAt: expiries.get(Number(row.id))?.toISOString() ?? null,
    };
  });
}

/** The returns of each purchase: points taken back (positive) and value refunded, if any reported. */
async function returnsOf(db: Queryable, ids: number[]) {
  const found = new Map<number, { points: number; value: number | null }>();
  if (!ids.length) return found;
  const rows = await db.query<{ id: number; points: number; value: number | null }>(
    `SELECT reverses_entry_id AS id, (-SUM(points))::bigint AS points, SUM(order_value)::bigint AS value
       FROM ledger_entries WHERE reverses_entry_id = ANY($1::bigint[]) GROUP BY reverses_entry_id`,
    [ids],
  );
  for (const r of rows)
    found.set(Number(r.id), { points: Number(r.points), value: r.value === null ? null : Number(r.value) });
  return found;
}

async function purchaseDates(db: Queryable, ids: number[]) {
  const found = new Map<number, Date>();
  if (!ids.length) return found;
  const rows = await db.query<{ id: number; created_at: Date }>(
    'SELECT id, created_at FROM ledger_entries WHERE id = ANY($1::bigint[])',
    [ids],
  );
  for (const r of rows) found.set(Number(r.id), r.created_at);
  return found;
}

/**
 * When each row that adds points expires: `months` after its points confirm (a purchase's
 * confirms_at, or when written). Computed by the database, as the expiry job computes it, so the
 * date a member reads is the date the job acts on.
 */
async function expiryDates(db: Queryable, rows: LedgerRow[], months: number) {
  const found = new Map<number, Date>();
  const ids = rows
    .filter((r) => r.points > 0 && (r.kind === 'purchase' || r.kind === 'adjustment'))
    .map((r) => r.id);
  if (!ids.length) return found;
  const dated = await db.query<{ id: number; expires_at: Date }>(
    `SELECT id, COALESCE(confirms_at, created_at) + make_interval(months => $2) AS expires_at
       FROM ledger_entries WHERE id = ANY($1::bigint[])`,
    [ids, months],
  );
  for (const r of dated) found.set(Number(r.id), r.expires_at);
  return found;
}
