/**
 * Points expiry on the embedded database, over real HTTP on this machine:
 *   - Home's GET /api/points-expiry for members with 1,000 and 10,000 ledger rows (one walk of the
 *     member's rows), as a ratio to floor B (Fastify + one indexed query) measured in the same run;
 *   - the expiry job: members expired per second (one transaction each, under the account lock),
 *     and a second run with nothing due.
 * Run: npx tsx bench/points-expiry.ts   (BENCH_SECONDS, default 5, per read figure)
 */
import { performance } from 'node:perf_hooks';
import Fastify from 'fastify';
import { expirePoints } from '../src/server/points/expiry-job.ts';
import { parseConfig } from '../src/shared/config.ts';
import { benchOrigin, startBenchApp } from './bench-app.ts';
import { measure } from './http-bench.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const concurrency = 10;
const bench = await startBenchApp({
  config: parseConfig({ pointsExpiry: { months: 12 } }),
  production: false,
});
const { base, db } = bench;

/** A member with `rows` purchases: one a month back from now, the oldest already expired. */
async function memberWithRows(email: string, rows: number): Promise<string> {
  const created = await bench.partner('POST', '/members', {
    email,
    name: 'Bench Member',
    password: 'quiet-harbour-lantern-7391',
  });
  if (created.status !== 201) throw new Error(`POST /members: ${created.status}`);
  await db.query(
    `INSERT INTO ledger_entries (account_id, kind, points, confirms_at, confirmed_at, order_id, request_key, source, created_at)
     SELECT a.id, 'purchase', 10, now() - make_interval(days => r), now() - make_interval(days => r),
            $2 || r, $2 || r, 'bench', now() - make_interval(days => r + 28)
       FROM accounts a CROSS JOIN generate_series(1, $3::int) r WHERE a.email = $1`,
    [email, `${email}-`, rows],
  );
  await db.query(
    `UPDATE accounts SET points_balance = (SELECT SUM(points) FROM ledger_entries l WHERE l.account_id = accounts.id)
      WHERE email = $1`,
    [email],
  );
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { origin: benchOrigin, 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, password: 'quiet-harbour-lantern-7391' }),
  });
  if (login.status !== 200) throw new Error(`login: ${login.status}`);
  return login.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

const floor = Fastify();
const [anyAccount] = await db.query<{ id: string }>('SELECT id FROM accounts LIMIT 1');
floor.get('/one-query', async () =>
  db.query('SELECT points_balance FROM accounts WHERE id = $1', [
    anyAccount?.id ?? '00000000-0000-0000-0000-000000000000',
  ]),
);
await floor.listen({ port: 0, host: '127.0.0.1' });
const floorBase = `http://127.0.0.1:${(floor.server.address() as { port: number }).port}`;

console.log(`\nPoints expiry benchmark: PGlite in memory, ${concurrency} clients, ${seconds} s per figure\n`);
const floorB = await measure(
  'floor B: Fastify + one indexed query',
  { url: `${floorBase}/one-query` },
  {
    concurrency,
    seconds,
  },
);
for (const rows of [1_000, 10_000]) {
  const cookie = await memberWithRows(`bench-${rows}@example.com`, rows);
  const home = await measure(
    `GET /api/points-expiry (${rows.toLocaleString('en-GB')} rows)`,
    { url: `${base}/api/points-expiry`, headers: { cookie, origin: benchOrigin } },
    { concurrency, seconds },
  );
  console.log(`  → ${(floorB.perSecond / home.perSecond).toFixed(2)}× the time of floor B`);
}

// The job: 2,000 members with one due purchase each.
await db.query(
  `INSERT INTO accounts (loyalty_id, full_name, email, email_verified, points_balance)
   SELECT '64' || lpad(g::text, 11, '0'), 'Due Member', 'due' || g || '@example.com', true, 50
     FROM generate_series(1, 2000) g`,
);
await db.query(
  `INSERT INTO ledger_entries (account_id, kind, points, confirms_at, confirmed_at, source, created_at)
   SELECT id, 'purchase', 50, now() - interval '13 months', now() - interval '13 months', 'bench', now() - interval '14 months'
     FROM accounts WHERE full_name = 'Due Member'`,
);
const started = performance.now();
const expired = await expirePoints(db, 12);
const jobSeconds = (performance.now() - started) / 1000;
const again = performance.now();
await expirePoints(db, 12);
console.log(
  `\nexpiry job: ${expired} points from 2,000+ members in ${jobSeconds.toFixed(2)} s (${(2000 / jobSeconds).toFixed(0)} members/s); a run with nothing due: ${(performance.now() - again).toFixed(1)} ms`,
);
await floor.close();
await bench.close();
