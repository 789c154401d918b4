import { type Queryable, queryOne } from '../db/database.ts';
import { changePoints, insertEntry } from './ledger-store.ts';

/**
 * Points expiry (issue 15 feature 3; docs/decisions.md "Points expiry"). A lot is a row that adds
 * points (a purchase or a positive adjustment), net of its own returns; it expires `months` after
 * its points counted (a purchase's confirms_at, an adjustment's created_at: the date the history
 * shows). Debits (exchanges, negative adjustments, earlier expiries) spend the oldest lots first, so
 * what is due at time T is max(0, Σ lots expired by T − Σ debits): one aggregate per member, no
 * per-lot bookkeeping, and running it again after an expiry row answers 0.
 */

/** The member's lots ($1 the account, $2 the months) with when each expires and its points net of returns. */
const lotsSql = `SELECT COALESCE(l.confirms_at, l.created_at) + make_interval(months => $2) AS expires_at,
       l.points + COALESCE((SELECT SUM(r.points) FROM ledger_entries r WHERE r.reverses_entry_id = l.id), 0) AS net
  FROM ledger_entries l
 WHERE l.account_id = $1 AND l.points > 0 AND l.kind IN ('purchase', 'adjustment')`;

/** What the member's debits have taken so far (positive). Returns are not debits: they net their lot. */
const spentSql = `SELECT COALESCE(-SUM(points), 0) AS spent FROM ledger_entries
  WHERE account_id = $1 AND points < 0 AND kind IN ('exchange', 'adjustment', 'expiry')`;

/**
 * Writes the member's expired points as one `expiry` row and takes them from the balance. Call with
 * the account locked and its matured pending points confirmed (a due lot confirmed long ago, but its
 * confirmation may not have been written). Never takes the balance below zero; answers the points taken.
 */
export async function expireDuePoints(tx: Queryable, accountId: string, months: number): Promise<number> {
  const row = await queryOne<{ due: number }>(
    tx,
    `WITH lots AS (${lotsSql}), spent AS (${spentSql})
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
 */
export function expiryDays(
  db: Queryable,
  accountId: string,
  rules: { months: number; timeZone: string; lastDay?: string },
): Promise<ExpiryDay[]> {
  return db.query<ExpiryDay>(
    `WITH lots AS (${lotsSql}), spent AS (${spentSql}),
     days AS (
       SELECT (expires_at AT TIME ZONE $3)::date AS expires_on, SUM(net) AS points FROM lots GROUP BY 1
     ),
     running AS (
       SELECT expires_on, SUM(points) OVER (ORDER BY expires_on) AS through, points FROM days
     )
     SELECT expires_on::text AS "expiresOn",
            (GREATEST(0, through - spent.spent) - GREATEST(0, through - points - spent.spent))::bigint AS points
       FROM running, spent
      WHERE expires_on >= (now() AT TIME ZONE $3)::date AND ($4::date IS NULL OR expires_on <= $4::date)
        AND through - spent.spent > 0 AND points > 0
      ORDER BY expires_on`,
    [accountId, rules.months, rules.timeZone, rules.lastDay ?? null],
  );
}
