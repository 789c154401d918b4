import { type Queryable, queryOne } from '../db/database.ts';
import { changePoints, insertEntry } from './ledger-store.ts';

/**
 * Points expiry (docs/decisions/0061-points-expiry-lots-spent-oldest-first.md). A lot is a row that adds
 * points (a purchase or a positive adjustment), net of its own returns; it expires `months` after
 * its points counted (a purchase's confirms_at, an adjustment's created_at: the date the history
 * shows). Debits (exchanges, negative adjustments, earlier expiries) spend the oldest lots first, so
 * what is due at time T is max(0, Σ lots expired by T − Σ debits): one aggregate per member, no
 * per-lot bookkeeping, and running it again after an expiry row answers 0.
 */

/**
 * The member's lots and what debits have spent ($1 the account, $2 the months), as CTEs: one walk of
 * the member's rows (ledger_entries_account_created), the returns summed per purchase beside them.
 * `lots`: when each expires and its points net of its returns. `spent`: what exchanges, negative
 * adjustments and earlier expiries took (positive); returns are not debits, they net their lot.
 */
const lotsAndSpentSql = `mine AS (
    SELECT id, kind, points, confirms_at, created_at, reverses_entry_id FROM ledger_entries WHERE account_id = $1
  ), returned AS (
    SELECT reverses_entry_id AS id, SUM(points) AS points FROM mine WHERE kind = 'return' GROUP BY reverses_entry_id
  ), lots AS (
    SELECT COALESCE(m.confirms_at, m.created_at) + make_interval(months => $2) AS expires_at,
           m.points + COALESCE(r.points, 0) AS net
      FROM mine m LEFT JOIN returned r ON r.id = m.id
     WHERE m.points > 0 AND m.kind IN ('purchase', 'adjustment')
  ), spent AS (
    SELECT COALESCE(-SUM(points), 0) AS spent FROM mine
     WHERE points < 0 AND kind IN ('exchange', 'adjustment', 'expiry')
  )`;

/**
 * Writes the member's expired points as one `expiry` row and takes them from the balance. Call with
 * the account locked and its matured pending points confirmed (a due lot confirmed long ago, but its
 * confirmation may not have been written). Never takes the balance below zero; answers the points taken.
 */
export async function expireDuePoints(tx: Queryable, accountId: string, months: number): Promise<number> {
  const row = await queryOne<{ due: number }>(
    tx,
    `WITH ${lotsAndSpentSql}
     SELECT LEAST(GREATEST(0, COALESCE((SELECT SUM(net) FROM lots WHERE expires_at <= now()), 0) - spent.spent),
                  a.points_balance)::bigint AS due
       FROM spent, accounts a WHERE a.id = $1`,
    [accountId, months],
  );
  const due = row?.due ?? 0;
  if (due <= 0) return 0;
  await insertEntry(tx, { accountId, kind: 'expiry', points: -due, source: 'expiry' });
  if (!(await changePoints(tx, accountId, -due))) throw new Error('expiry would take the balance below zero');
  return due;
}

export interface ExpiryDay {
  /** The day the points expire, in the scheme's time zone (YYYY-MM-DD). */
  expiresOn: string;
  points: number;
}

/**
 * The member's coming expiries, a row per day from today (in `timeZone`) to `lastDay`, oldest
 * first, each with the points still left to expire that day (the days' lots less what debits have
 * spent of them, oldest first). Points due earlier today and not yet taken by the job count today.
 * `limit`: only the first few days (Home asks for one).
 *
 * Read from the lots still to expire and the balance, not the member's whole history (Home asks on
 * every visit): what debits left of the lots that expired before today is the balance less the
 * counted lots still to come, since the balance is the sum of every counted row. Lots still to come
 * counted within `months` before today, and a purchase counts at most a year after it was made (the
 * returns window), so they are found by the member's rows made since then.
 */
export function expiryDays(
  db: Queryable,
  accountId: string,
  rules: { months: number; timeZone: string; lastDay?: string; limit?: number },
): Promise<ExpiryDay[]> {
  return db.query<ExpiryDay>(
    `WITH today AS (SELECT date_trunc('day', now() AT TIME ZONE $3) AT TIME ZONE $3 AS starts),
     coming AS (
       SELECT COALESCE(l.confirms_at, l.created_at) + make_interval(months => $2) AS expires_at,
              l.points + COALESCE((SELECT SUM(r.points) FROM ledger_entries r WHERE r.reverses_entry_id = l.id), 0) AS net,
              (l.confirms_at IS NULL OR l.confirmed_at IS NOT NULL OR l.confirms_at <= now()) AS counted
         FROM ledger_entries l, today
        WHERE l.account_id = $1 AND l.created_at >= today.starts - make_interval(months => $2, days => 370)
          AND l.points > 0 AND l.kind IN ('purchase', 'adjustment')
          AND COALESCE(l.confirms_at, l.created_at) + make_interval(months => $2) >= today.starts
     ),
     -- Σ lots that expired before today − Σ debits: the balance (matured points counted) less the
     -- counted lots still to come.
     earlier AS (
       SELECT a.points_balance
              + (SELECT COALESCE(SUM(points), 0) FROM ledger_entries
                  WHERE account_id = a.id AND confirmed_at IS NULL AND confirms_at <= now())
              - (SELECT COALESCE(SUM(net), 0) FROM coming WHERE counted) AS points
         FROM accounts a WHERE a.id = $1
     ),
     days AS (
       SELECT (expires_at AT TIME ZONE $3)::date AS expires_on, SUM(net) AS points FROM coming
        WHERE $4::date IS NULL OR expires_at < ($4::date + 1)::timestamp AT TIME ZONE $3
        GROUP BY 1
     ),
     running AS (
       SELECT expires_on, earlier.points + SUM(days.points) OVER (ORDER BY expires_on) AS through, days.points
         FROM days, earlier
     )
     SELECT expires_on::text AS "expiresOn",
            (GREATEST(0, through) - GREATEST(0, through - points))::bigint AS points
       FROM running
      WHERE through > 0 AND points > 0
      ORDER BY expires_on
      LIMIT $5`,
    [accountId, rules.months, rules.timeZone, rules.lastDay ?? null, rules.limit ?? null],
  );
}
