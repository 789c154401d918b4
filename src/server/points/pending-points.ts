import { formatLimit, ledgerLimits } from '#shared/domain/ledger-limits.ts';
import type { Database, Queryable } from '../db/database.ts';
import { queryOne } from '../db/database.ts';
import { conflict } from '../http/errors.ts';
import { lockAccount } from './ledger-store.ts';

/** Moves the member's matured pending points into the balance (call with the account locked). */
export async function confirmMatured(tx: Queryable, accountId: string): Promise<number> {
  const row = await queryOne<{ confirmed: number }>(
    tx,
    `WITH confirmed AS (
       UPDATE ledger_entries SET confirmed_at = now()
        WHERE account_id = $1 AND ledger_entry_matured(confirmed_at, confirms_at)
        RETURNING points
     ), total AS (SELECT COALESCE(SUM(points), 0)::bigint AS points, COUNT(*) AS n FROM confirmed),
     credited AS (
       UPDATE accounts SET points_balance = points_balance + total.points
         FROM total WHERE accounts.id = $1 AND total.n > 0
         RETURNING accounts.id
     )
     SELECT (SELECT points FROM total) AS confirmed, (SELECT COUNT(*) FROM credited) AS credited`,
    [accountId],
  );
  return row?.confirmed ?? 0;
}

/**
 * The periodic sweep: confirms matured points of every member, one member per transaction. It walks
 * the pending-rows index (ledger_entries_pending) in due order, a batch at a time, so its cost follows
 * the matured rows, never the size of the ledger; confirmed rows leave that index, so each batch
 * starts where the last one ended. Answers how many members it confirmed.
 */
export async function sweepMaturedPoints(db: Database, batchRows = 500): Promise<number> {
  let members = 0;
  for (;;) {
    const due = await db.query<{ account_id: string }>(
      `SELECT account_id FROM ledger_entries
        WHERE ledger_entry_matured(confirmed_at, confirms_at)
        ORDER BY confirms_at LIMIT $1`,
      [batchRows],
    );
    const accounts = new Set(due.map((row) => row.account_id));
    for (const accountId of accounts) {
      await db.transaction(async (tx) => {
        await lockAccount(tx, accountId);
        await confirmMatured(tx, accountId);
      });
    }
    members += accounts.size;
    if (due.length < batchRows) return members;
  }
}

/**
 * Refuses a write that would take the member's points (confirmed and pending together) past
 * ledgerLimits.maxPoints. Call with the account locked and its matured points confirmed.
 */
export async function checkPointsLimit(tx: Queryable, accountId: string, adding: number, what: string) {
  if (adding <= 0) return;
  // The rule is the database's (points/sql/ledger_passes_points_limit.sql), the purchase functions' too;
  // pending_points is the member's pending rows' sum, kept by the ledger's triggers.
  const row = await queryOne<{ held: number; passes: boolean }>(
    tx,
    `SELECT points_balance + pending_points AS held,
            ledger_passes_points_limit(points_balance + pending_points, $2, $3) AS passes
       FROM accounts WHERE id = $1`,
    [accountId, adding, ledgerLimits.maxPoints],
  );
  if (row?.passes) throw pointsLimitError(what, row.held, adding);
}

/** The refusal of a write that would take a member's points past ledgerLimits.maxPoints. */
export function pointsLimitError(what: string, held: number, adding: number) {
  return conflict(
    'PointsLimit',
    `This ${what} would take the member's points to ${formatLimit(held + adding)}, past the limit of ${formatLimit(ledgerLimits.maxPoints)} points a member may hold (confirmed and pending together). Nothing was changed.`,
    { limit: ledgerLimits.maxPoints },
  );
}
