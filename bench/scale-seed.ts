/**
 * Loads a scheme-sized population with generate_series, straight in SQL (no app calls): members with
 * a ledger history each, a consent each, sessions, link tokens, rate-limit counters and delivered mail. The shape
 * follows a real scheme: most ledger rows confirmed long ago, one member in eight with points still
 * pending, and a few hundred rows matured and waiting for the sweep. Used by `npm run bench:seed`
 * (1M members, 20M rows on PostgreSQL) and, much smaller, by the query-plan test.
 */
import type { Queryable } from '../src/server/db/database.ts';

export interface ScaleSeed {
  members: number;
  ledgerRowsPerMember: number;
  /** Pending rows already past their confirmation date (what one sweep finds). */
  maturedRows: number;
  /** Members per INSERT statement (progress is reported after each). */
  chunk?: number;
}

/** Card numbers of seeded members start with 7 and are 12 digits long: they never meet the app's own. */
const seededLoyaltyId = (g: string) => `'7' || lpad(${g}::text, 11, '0')`;

export async function seedScale(
  db: Queryable,
  seed: ScaleSeed,
  progress: (line: string) => void = () => undefined,
): Promise<void> {
  const chunk = seed.chunk ?? 50_000;
  const maturedEvery = Math.max(1, Math.floor(seed.members / Math.max(1, seed.maturedRows)));
  const first = await nextSeedNumber(db);
  for (let from = first; from < first + seed.members; from += chunk) {
    const to = Math.min(first + seed.members - 1, from + chunk - 1);
    await db.query(
      `INSERT INTO accounts (loyalty_id, full_name, email, email_verified, points_balance, created_at)
       SELECT ${seededLoyaltyId('g')}, 'Scale Member ' || g, 'scale' || g || '@example.com', true,
              ($3::int - 1) * 40, now() - interval '3 years'
         FROM generate_series($1::int, $2::int) g`,
      [from, to, seed.ledgerRowsPerMember],
    );
    // Row r of a member is r × 30 days old. Row 1 of every eighth member is still pending; row 2 of
    // every maturedEvery-th member matured an hour ago; the rest confirmed 30 days after purchase.
    await db.query(
      `INSERT INTO ledger_entries (account_id, kind, points, confirms_at, confirmed_at, order_id, channel,
                                   store_display_name, order_value, order_currency, source, created_at)
       SELECT a.id, 'purchase', 40,
              CASE WHEN r = 1 AND g % 8 = 0 THEN now() + interval '20 days'
                   WHEN r = 2 AND g % $4::int = 0 THEN now() - interval '1 hour'
                   ELSE now() - make_interval(days => r * 30 - 30) END,
              CASE WHEN (r = 1 AND g % 8 = 0) OR (r = 2 AND g % $4::int = 0) THEN NULL
                   ELSE now() - make_interval(days => r * 30 - 30) END,
              'scale-' || g || '-' || r, 'in-store', 'Scale Store', 4000, 'GBP', 'partner',
              now() - make_interval(days => r * 30)
         FROM generate_series($1::int, $2::int) g
         JOIN accounts a ON a.loyalty_id = ${seededLoyaltyId('g')}
        CROSS JOIN generate_series(1, $3::int) r`,
      [from, to, seed.ledgerRowsPerMember, maturedEvery],
    );
    await db.query(
      `INSERT INTO marketing_consents (account_id, channel, choice, source, recorded_at)
       SELECT a.id, 'email', CASE WHEN g % 3 = 0 THEN 'consent' ELSE 'decline' END, 'seed', a.created_at
         FROM generate_series($1::int, $2::int) g JOIN accounts a ON a.loyalty_id = ${seededLoyaltyId('g')}`,
      [from, to],
    );
    // One member in four has a session; one of those in ten long expired (what the sweep deletes).
    await db.query(
      `INSERT INTO sessions (token_hash, account_id, created_at, last_seen_at, expires_at, authenticated_at)
       SELECT 'seed-session-' || g, a.id, now() - interval '2 days',
              CASE WHEN g % 40 = 0 THEN now() - interval '30 days' ELSE now() - interval '1 hour' END,
              CASE WHEN g % 40 = 0 THEN now() - interval '1 day' ELSE now() + interval '28 days' END,
              now() - interval '2 days'
         FROM generate_series($1::int, $2::int) g JOIN accounts a ON a.loyalty_id = ${seededLoyaltyId('g')}
        WHERE g % 4 = 0`,
      [from, to],
    );
    await db.query(
      `INSERT INTO link_tokens (token_hash, purpose, account_id, created_at, expires_at, used_at)
       SELECT 'seed-link-' || g, 'magic-link', a.id, now() - interval '3 days', now() - interval '2 days',
              now() - interval '3 days'
         FROM generate_series($1::int, $2::int) g JOIN accounts a ON a.loyalty_id = ${seededLoyaltyId('g')}
        WHERE g % 5 = 0`,
      [from, to],
    );
    await db.query(
      `INSERT INTO rate_limit_counters (bucket, key, hits, updated_at)
       SELECT 'seed', 'seed-key-' || g, ARRAY[now() - interval '1 hour'], now() - interval '1 hour'
         FROM generate_series($1::int, $2::int) g WHERE g % 2 = 0`,
      [from, to],
    );
    // Mail sent in the last days (the outbox keeps it retentionDays before its purge deletes it).
    await db.query(
      `INSERT INTO outbox_mail (email, subject, html, body_text, created_at, attempts, sent_at)
       SELECT 'scale' || g || '@example.com', 'Your sign-in link', '<p>seed</p>', 'seed',
              now() - interval '1 day', 1, now() - interval '1 day'
         FROM generate_series($1::int, $2::int) g WHERE g % 10 = 0`,
      [from, to],
    );
    progress(`  members ${to - first + 1} of ${seed.members}`);
  }
  await db.query('ANALYZE');
}

/** Seeding twice adds members after the last seeded one. */
async function nextSeedNumber(db: Queryable): Promise<number> {
  const [row] = await db.query<{ last: string | null }>(
    "SELECT max(substr(loyalty_id, 2)::bigint)::text AS last FROM accounts WHERE loyalty_id LIKE '7___________'",
  );
  return row?.last ? Number(row.last) + 1 : 1;
}
