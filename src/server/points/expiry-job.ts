import { schemeTimeZone } from '#shared/domain/date-format.ts';
import type { AppContext } from '../app-context.ts';
import { type Audit, recordAlone } from '../audit/audit-log.ts';
import { type Database, queryOne } from '../db/database.ts';
import { enqueueMail } from '../email/outbox.ts';
import { conflict } from '../http/errors.ts';
import { runEvery } from '../jobs/run-every.ts';
import { expiryReminderMail } from './expiry-reminder-email.ts';
import { lockAccount } from './ledger-store.ts';
import { confirmMatured } from './pending-points.ts';
import { expireDuePoints, expiryDays } from './points-expiry.ts';

type Job = 'expiry' | 'reminder';

/**
 * The lots (ledger_entries_lots) after the job's progress that expire by `now() + $ahead days`, in
 * the index's order, a batch at a time. Expiring is monotonic in when a lot counted, so these are a
 * prefix of the index: the range bound keeps the walk to it (a lot counted on 31 January expires
 * on the last day of February, so on a month's last day the bound reaches the next month's start,
 * and the exact test filters those few days), and a run with nothing due reads one index entry.
 */
const dueLotsSql = `WITH until AS (SELECT now() + make_interval(days => $4) AS t)
  SELECT l.account_id, l.id
    FROM ledger_entries l, until
   WHERE l.points > 0 AND l.kind IN ('purchase', 'adjustment')
     AND (COALESCE(l.confirms_at, l.created_at), l.id) > ($1::timestamptz, $2::bigint)
     AND COALESCE(l.confirms_at, l.created_at) <= CASE
           WHEN date_trunc('month', until.t + interval '1 day') > date_trunc('month', until.t)
           THEN date_trunc('month', until.t - make_interval(months => $3)) + interval '1 month'
           ELSE until.t - make_interval(months => $3) END
     AND COALESCE(l.confirms_at, l.created_at) + make_interval(months => $3) <= until.t
   ORDER BY COALESCE(l.confirms_at, l.created_at), l.id
   LIMIT $5`;

/**
 * Walks the lots that `job` has not seen yet and that expire by `aheadDays` from now, hands each
 * batch's members to `each` (one transaction per member), then records how far it got. Several
 * servers may walk the same lots at once: `each` must be idempotent per member, and the progress
 * only moves forward. Answers the sum of what `each` answered.
 */
async function walkDueLots(
  db: Database,
  job: Job,
  months: number,
  aheadDays: number,
  batchRows: number,
  each: (accountId: string) => Promise<number>,
): Promise<number> {
  let total = 0;
  for (;;) {
    // As text: a JavaScript Date would drop the microseconds, and the walk would find its last lot again.
    const progress = await queryOne<{ through: string; through_id: number }>(
      db,
      'SELECT through::text, through_id FROM points_expiry_progress WHERE job = $1',
      [job],
    );
    const due = await db.query<{ account_id: string; id: number }>(dueLotsSql, [
      progress?.through ?? '-infinity',
      progress?.through_id ?? 0,
      months,
      aheadDays,
      batchRows,
    ]);
    for (const accountId of new Set(due.map((row) => row.account_id))) total += await each(accountId);
    const last = due.at(-1);
    if (last)
      await db.query(
        `WITH lot AS (SELECT COALESCE(confirms_at, created_at) AS counted, id FROM ledger_entries WHERE id = $2)
         UPDATE points_expiry_progress p SET through = lot.counted, through_id = lot.id
           FROM lot WHERE p.job = $1 AND (p.through, p.through_id) < (lot.counted, lot.id)`,
        [job, last.id],
      );
    if (due.length < batchRows) return total;
  }
}

/**
 * Expires every member's due points: under the account lock, so servers running it at once expire
 * once. Answers the points expired.
 */
export function expirePoints(db: Database, months: number, batchRows = 500): Promise<number> {
  return walkDueLots(db, 'expiry', months, 0, batchRows, (accountId) =>
    db.transaction(async (tx) => {
      await lockAccount(tx, accountId);
      await confirmMatured(tx, accountId);
      return expireDuePoints(tx, accountId, months);
    }),
  );
}

/**
 * The reminder `reminderDays` before points expire, to members whose latest email choice is a yes:
 * one per member and expiry day (points_expiry_reminders' key, so parallel runs send it once),
 * written to the outbox in the transaction that records it. Answers the emails written.
 */
export function remindOfExpiry(ctx: AppContext, months: number, reminderDays: number, batchRows = 500) {
  const timeZone = schemeTimeZone(ctx.config.locale);
  return walkDueLots(ctx.db, 'reminder', months, reminderDays, batchRows, (accountId) =>
    ctx.db.transaction(async (tx) => {
      const member = await queryOne<{ email: string; full_name: string; last_day: string }>(
        tx,
        `SELECT a.email, a.full_name, ((now() + make_interval(days => $2)) AT TIME ZONE $3)::date::text AS last_day
           FROM accounts a
          WHERE a.id = $1 AND a.deleted_at IS NULL AND a.email IS NOT NULL AND a.email_verified
            AND (SELECT choice FROM marketing_consents WHERE account_id = a.id AND channel = 'email'
                  ORDER BY recorded_at DESC, id DESC LIMIT 1) = 'consent'`,
        [accountId, reminderDays, timeZone],
      );
      if (!member) return 0;
      const days = await expiryDays(tx, accountId, { months, timeZone, lastDay: member.last_day });
      let written = 0;
      for (const day of days) {
        const recorded = await tx.query(
          `INSERT INTO points_expiry_reminders (account_id, expires_on, points) VALUES ($1, $2, $3)
           ON CONFLICT DO NOTHING RETURNING account_id`,
          [accountId, day.expiresOn, day.points],
        );
        if (!recorded.length) continue;
        const mail = await expiryReminderMail(ctx.config, ctx.origin, {
          to: member.email,
          fullName: member.full_name,
          ...day,
        });
        await enqueueMail(tx, mail);
        written++;
      }
      return written;
    }),
  );
}

/** One run of the job: expire what is due, then write the reminders. */
async function runExpiry(ctx: AppContext, months: number, reminderDays: number) {
  const expiredPoints = await expirePoints(ctx.db, months);
  const reminders = await remindOfExpiry(ctx, months, reminderDays);
  if (expiredPoints || reminders) ctx.log.info({ expiredPoints, reminders }, 'points expiry ran');
  return { expiredPoints, reminders };
}

/**
 * With pointsExpiry.months set: runs the job now and every ten minutes. Safe in every app server at
 * once (expiry-job.api.test.ts runs it in parallel).
 */
export function startExpiryJob(ctx: AppContext, everyMs = 10 * 60_000): (() => void) | null {
  const { months, reminderDays } = ctx.config.pointsExpiry;
  if (!months) return null;
  return runEvery(
    everyMs,
    () => runExpiry(ctx, months, reminderDays),
    (error) => ctx.log.error({ err: error }, 'points expiry job failed'),
  );
}

/**
 * A run asked for by an operator (POST /partner/v1/points-expiry/run, `loyalty points-expiry run`),
 * audited as one row with what it did. The run commits member by member (as the scheduled one does),
 * so its row has a transaction of its own, written after the run: each expired member's ledger row is
 * the record of what happened to them.
 */
export async function runExpiryNow(ctx: AppContext, audit: Audit) {
  const { months, reminderDays } = ctx.config.pointsExpiry;
  if (!months)
    throw conflict('PointsExpiryOff', 'Points expiry is off: set pointsExpiry.months to turn it on.');
  const result = await runExpiry(ctx, months, reminderDays);
  await recordAlone(ctx.db, audit, { change: result });
  return result;
}
