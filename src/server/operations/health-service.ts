import type { Queryable } from '../db/database.ts';
import { isDatabaseUnavailable } from '../db/database-unavailable.ts';
import { missingMigrations } from '../db/migrate.ts';

/** How long /readyz waits for the database before calling it unreachable. */
const databaseTimeoutMs = 2_000;

/**
 * An undelivered mail whose delivery has been due for this long means no worker is delivering:
 * every live server's worker claims due rows within `mail.pollSeconds` (5 s by default), a claim
 * leases a row for a minute and renews it while the row is being sent (outbox.ts), and a failed send
 * moves it to a later retry, so a row stays due only while no worker runs. Fifteen minutes leave
 * room for a worker restarting after a crash mid-send; a mail server that refuses is not "stuck" (its rows wait for their retry and the
 * failures show in the metrics and in `mail status`).
 */
const outboxStuckMinutes = 15;

type ReadinessCheck = 'database' | 'migrations' | 'outbox';

interface Readiness {
  ready: boolean;
  checks: Record<ReadinessCheck, 'ok' | 'failed' | 'skipped'>;
  /** What failed, in words for the operator (never a member's data). */
  failures: { check: ReadinessCheck; detail: string }[];
}

class NoAnswer extends Error {}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new NoAnswer()), ms);
    timer.unref();
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Fixed words for what went wrong: /readyz answers anyone who can reach it, so the driver's own text
 * (host names, ports, user names, SQL) stays in the log.
 */
function whyFailed(error: unknown): string {
  if (error instanceof NoAnswer) return `the database did not answer within ${databaseTimeoutMs} ms`;
  if (isDatabaseUnavailable(error)) return 'the database cannot be reached';
  return 'the check failed (see the server log)';
}

/** Database reachable, every checked-in migration applied, no mail due for too long. */
export async function readiness(
  db: Queryable,
  log: (error: unknown, check: ReadinessCheck) => void = () => undefined,
): Promise<Readiness> {
  const result: Readiness = {
    ready: true,
    checks: { database: 'ok', migrations: 'ok', outbox: 'ok' },
    failures: [],
  };
  const fail = (check: ReadinessCheck, detail: string) => {
    result.ready = false;
    result.checks[check] = 'failed';
    result.failures.push({ check, detail });
  };
  const failWith = (check: ReadinessCheck, error: unknown) => {
    log(error, check);
    fail(check, whyFailed(error));
  };
  try {
    await withTimeout(db.query('SELECT 1'), databaseTimeoutMs);
  } catch (error) {
    failWith('database', error);
    result.checks.migrations = 'skipped';
    result.checks.outbox = 'skipped';
    return result;
  }
  try {
    const missing = await withTimeout(missingMigrations(db), databaseTimeoutMs);
    if (missing.length > 0) fail('migrations', `not applied: ${missing.join(', ')}`);
  } catch (error) {
    failWith('migrations', error);
  }
  try {
    const [row] = await withTimeout(
      db.query<{ stuck: number }>(
        `SELECT count(*)::int AS stuck FROM outbox_mail
          WHERE sent_at IS NULL AND given_up_at IS NULL
            AND next_attempt_at < now() - make_interval(mins => $1)`,
        [outboxStuckMinutes],
      ),
      databaseTimeoutMs,
    );
    const stuck = Number(row?.stuck ?? 0);
    if (stuck > 0) {
      fail('outbox', `${stuck} mail(s) due for more than ${outboxStuckMinutes} minutes and not delivered`);
    }
  } catch (error) {
    failWith('outbox', error);
  }
  return result;
}
