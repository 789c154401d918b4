import { type Queryable, queryOne } from '../db/database.ts';
import { notFound } from '../http/errors.ts';
import type { AccountRow } from '../members/account-service.ts';
import { metrics } from '../operations/metrics.ts';
import type { LedgerRow } from './ledger-rows.ts';

/**
 * The points ledger's rows and balances (the commands are in <kind>-command.ts). Every change to a balance is one ledger row written in the transaction that
 * changes the balance, by a conditional UPDATE (`… WHERE balance >= n`), after locking the member's
 * account row, so concurrent writes for one member queue instead of racing.
 *
 * Pending points: a purchase row carries confirms_at (the end of the returns window) and adds to
 * points_balance only when confirmed. Reads derive the truth from time (account-view and the
 * transactions list count a matured row as confirmed); every write transaction for a member first
 * confirms that member's matured rows, and a periodic sweep confirms the rest.
 */

/** Locks the member's account row for this transaction; every balance change starts here. */
export async function lockAccount(tx: Queryable, accountId: string): Promise<AccountRow> {
  const row = await queryOne<AccountRow>(tx, 'SELECT * FROM accounts WHERE id = $1 FOR UPDATE', [accountId]);
  if (!row) throw notFound('MemberNotFound', 'No such member.');
  return row;
}

const insertColumns = `account_id, kind, points, cash, confirms_at, confirmed_at, order_id, channel,
  store_display_name, fascia_display_name, order_value, order_currency, reason, created_at,
  request_key, request_hash, reverses_entry_id, discount, source`;

export interface NewEntry {
  accountId: string;
  kind: LedgerRow['kind'];
  points?: number;
  cash?: number;
  confirmsAt?: Date | null;
  confirmed?: boolean;
  orderId?: string | null;
  channel?: LedgerRow['channel'];
  storeDisplayName?: string | null;
  fasciaDisplayName?: string | null;
  orderValue?: number | null;
  currency?: string | null;
  reason?: string | null;
  createdAt?: Date | null;
  key?: string | null;
  hash?: string | null;
  reverses?: number | null;
  discount?: string | null;
  source: string;
}

/** Inserts a ledger row; null when a row with the same key exists (a concurrent duplicate). */
export async function insertEntry(tx: Queryable, e: NewEntry): Promise<LedgerRow | null> {
  const row = await queryOne<LedgerRow>(
    tx,
    `INSERT INTO ledger_entries (${insertColumns})
     VALUES ($1, $2, $3, $4, $5, CASE WHEN $6::boolean THEN now() END, $7, $8, $9, $10, $11, $12, $13,
             COALESCE($14, now()), $15, $16, $17, $18, $19)
     ON CONFLICT (kind, request_key) WHERE request_key IS NOT NULL DO NOTHING
     RETURNING *`,
    [
      e.accountId,
      e.kind,
      e.points ?? 0,
      e.cash ?? 0,
      e.confirmsAt ?? null,
      e.confirmed ?? false,
      e.orderId ?? null,
      e.channel ?? null,
      e.storeDisplayName ?? null,
      e.fasciaDisplayName ?? null,
      e.orderValue ?? null,
      e.currency ?? null,
      e.reason ?? null,
      e.createdAt ?? null,
      e.key ?? null,
      e.hash ?? null,
      e.reverses ?? null,
      e.discount ?? null,
      e.source,
    ],
  );
  if (row) metrics.ledgerWrite(e.kind);
  return row ?? null;
}

/** Adds (or, negative, takes) points; taking more than the balance changes nothing and answers false. */
export async function changePoints(tx: Queryable, accountId: string, points: number): Promise<boolean> {
  const rows = await tx.query(
    'UPDATE accounts SET points_balance = points_balance + $2 WHERE id = $1 AND points_balance + $2 >= 0 RETURNING id',
    [accountId, points],
  );
  return rows.length === 1;
}

export async function changeCash(tx: Queryable, accountId: string, cash: number): Promise<boolean> {
  const rows = await tx.query(
    'UPDATE accounts SET cash_balance = cash_balance + $2 WHERE id = $1 AND cash_balance + $2 >= 0 RETURNING id',
    [accountId, cash],
  );
  return rows.length === 1;
}

/**
 * A page of a member's ledger, newest first: `limit` rows after the row `before` (its id; none: from
 * the newest). One walk of ledger_entries_account_created whatever the member's history holds; a
 * `before` of another member's row matches nothing, so it answers an empty page.
 */
export function ledgerPage(
  db: Queryable,
  accountId: string,
  page: { limit: number; before?: string | undefined },
): Promise<LedgerRow[]> {
  if (!page.before)
    return db.query<LedgerRow>(
      'SELECT * FROM ledger_entries WHERE account_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2',
      [accountId, page.limit],
    );
  return db.query<LedgerRow>(
    `SELECT * FROM ledger_entries
      WHERE account_id = $1
        AND (created_at, id) < (SELECT created_at, id FROM ledger_entries WHERE id = $3 AND account_id = $1)
      ORDER BY created_at DESC, id DESC LIMIT $2`,
    [accountId, page.limit, page.before],
  );
}

/** Balances as a till sees them (matured pending points counted, as in the member's own view). */
export async function balancesOf(db: Queryable, accountId: string) {
  const row = await queryOne<{
    points_balance: number;
    cash_balance: number;
    matured: number;
    pending: number;
  }>(
    db,
    `SELECT a.points_balance, a.cash_balance,
       (SELECT COALESCE(SUM(points), 0)::bigint FROM ledger_entries
         WHERE account_id = a.id AND confirmed_at IS NULL AND confirms_at <= now()) AS matured,
       (SELECT COALESCE(SUM(points), 0)::bigint FROM ledger_entries
         WHERE account_id = a.id AND confirmed_at IS NULL AND confirms_at > now()) AS pending
       FROM accounts a WHERE a.id = $1`,
    [accountId],
  );
  return {
    pointsBalance: (row?.points_balance ?? 0) + (row?.matured ?? 0),
    pendingPointsBalance: row?.pending ?? 0,
    cashBalance: row?.cash_balance ?? 0,
  };
}
