/**
 * Flat cost at a million members: the member calls on the scale seed (`npm run bench:seed` first)
 * against the same calls on an empty database, measured alternately in one run (A B A B), as a ratio.
 * The member measured has 10,000 ledger rows of their own in both databases (a heavy shopper); the
 * history is read at its first page and at a page 5,000 rows deep; batches of 500 purchases go to
 * 20,000 shoppers added to both databases. Then the points sweep: 250
 * members' pending points mature in each database and one sweep confirms them.
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:scale
 * Targets: every call within 1.5× of the empty database; history p95 ≤ 20 ms.
 */
import { loadavg } from 'node:os';
import pg from 'pg';
import type { Database } from '../src/server/db/database.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { openPostgres } from '../src/server/db/postgres.ts';
import { sweepMaturedPoints } from '../src/server/points/pending-points.ts';
import { addShoppers, benchMember, benchOrigin, benchPartnerKey, startBenchApp } from './bench-app.ts';
import { type LoadRequest, measure } from './http-bench.ts';

const url = process.env.BENCH_DATABASE_URL;
if (!url) {
  console.error('Set BENCH_DATABASE_URL (and run `npm run bench:seed` once) to measure at scale.');
  process.exit(2);
}
const seconds = Number(process.env.BENCH_SECONDS ?? 4);
const scaleSchema = process.env.SCALE_SCHEMA ?? 'bench_scale';
const emptySchema = `${scaleSchema}_empty`;
const swept = 250;
const shoppers = 20_000;

const admin = new pg.Client({ connectionString: url });
await admin.connect();
const seeded = await admin.query('SELECT 1 FROM information_schema.tables WHERE table_schema = $1', [
  scaleSchema,
]);
if (!seeded.rowCount) {
  console.error(`Schema ${scaleSchema} is missing: run \`npm run bench:seed\` first.`);
  process.exit(2);
}
await admin.query(`DROP SCHEMA IF EXISTS ${emptySchema} CASCADE`);
await admin.query(`CREATE SCHEMA ${emptySchema}`);
await admin.end();

/** The app on one schema, with a signed-in member who has 10,000 ledger rows (a tenth pending). */
async function side(schema: string) {
  const db = openPostgres(url as string, {
    searchPath: `${schema},public`,
    statementTimeoutMs: 0,
    idleInTransactionTimeoutMs: 0,
  });
  await migrate(db);
  const bench = await startBenchApp({ db });
  const member = { ...benchMember, email: `bench-${Date.now()}-${schema}@example.com` };
  await bench.createMember(member);
  await db.query(
    `INSERT INTO ledger_entries (account_id, kind, points, confirms_at, confirmed_at, order_id, channel,
                                 order_value, order_currency, source, created_at)
     SELECT a.id, 'purchase', 10, now() + make_interval(days => CASE WHEN r % 10 = 0 THEN 20 ELSE -r END),
            CASE WHEN r % 10 = 0 THEN NULL ELSE now() - make_interval(days => r) END,
            'heavy-' || a.id || '-' || r, 'in-store', 1000, 'GBP', 'partner', now() - make_interval(days => r)
       FROM accounts a CROSS JOIN generate_series(1, 10000) r WHERE a.email = $1`,
    [member.email],
  );
  // The empty database's sweep needs members with a pending purchase each (the seed has plenty);
  // what the seed left matured is confirmed now, so each timed sweep confirms the same 250.
  if (schema === emptySchema) await addPendingMembers(db);
  // The batch's shoppers, in both databases.
  await addShoppers(db, shoppers);
  await sweepMaturedPoints(db);
  await db.query('ANALYZE accounts, ledger_entries');
  const login = await fetch(`${bench.base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: benchOrigin },
    body: JSON.stringify({ username: member.email, password: member.password }),
  });
  // The session cookie among the answer's cookies (the browser's id comes first): the viewer answers
  // 200 without it too, as for a visitor, so a wrong cookie would measure the anonymous viewer.
  const cookie =
    login.headers
      .getSetCookie()
      .map((line) => line.split(';')[0] ?? '')
      .find((pair) => pair.startsWith('session=')) ?? '';
  if (!cookie) throw new Error(`sign-in of the heavy member failed: HTTP ${login.status}`);
  const [card] = await db.query<{ id: string; loyalty_id: string }>(
    'SELECT id, loyalty_id FROM accounts WHERE email = $1',
    [member.email],
  );
  const [deep] = await db.query<{ id: string }>(
    'SELECT id::text FROM ledger_entries WHERE account_id = $1 ORDER BY created_at DESC, id DESC OFFSET 5000 LIMIT 1',
    [card?.id],
  );
  const calls: Record<string, LoadRequest> = {
    'GET /api-w/viewer': { url: `${bench.base}/api-w/viewer`, headers: { cookie } },
    'GET /api/transactions (history, first page)': {
      url: `${bench.base}/api/transactions`,
      headers: { cookie },
    },
    'GET /api/transactions (history, 5,000 rows deep)': {
      url: `${bench.base}/api/transactions?before=${deep?.id}`,
      headers: { cookie },
    },
    'POST /partner/v1/purchases': {
      url: `${bench.base}/partner/v1/purchases`,
      method: 'POST',
      headers: { authorization: `Bearer ${benchPartnerKey}`, 'content-type': 'application/json' },
      bodies: {
        kind: 'purchase',
        orderPrefix: `scale-bench-${schema}`,
        fields: {
          loyaltyId: card?.loyalty_id,
          channel: 'in-store',
          storeDisplayName: 'Bench Store',
          value: 1000,
          currency: 'GBP',
          points: 10,
        },
      },
    },
    // A web shop's backlog: each batch's purchases for 500 of the shoppers, a new 500 each time.
    'POST /partner/v1/purchases/batch (500 of 20,000 shoppers)': {
      url: `${bench.base}/partner/v1/purchases/batch`,
      method: 'POST',
      headers: { authorization: `Bearer ${benchPartnerKey}`, 'content-type': 'application/json' },
      bodies: { kind: 'shopper-purchases', shoppers, count: 500 },
    },
  };
  return { bench, db, calls, heavy: card?.id as string };
}

async function addPendingMembers(db: Database) {
  await db.query(
    `WITH members AS (
       INSERT INTO accounts (loyalty_id, full_name, email, email_verified)
       SELECT 'sweep-' || n, 'Sweep Member', 'sweep-' || n || '@example.com', true
         FROM generate_series(1, $1::int) n RETURNING id
     )
     INSERT INTO ledger_entries (account_id, kind, points, confirms_at, order_id, channel, order_value,
                                 order_currency, source)
     SELECT id, 'purchase', 40, now() + interval '20 days', 'sweep-' || id, 'in-store', 4000, 'GBP', 'partner'
       FROM members`,
    [swept * 4],
  );
}

/** Matures one pending purchase of each of `swept` members, then times one sweep. */
async function sweep(db: Database, heavy: string): Promise<number> {
  await db.query(
    `UPDATE ledger_entries SET confirms_at = now() - interval '1 minute'
      WHERE id IN (SELECT id FROM ledger_entries
                    WHERE confirmed_at IS NULL AND confirms_at > now() AND account_id <> $2
                    ORDER BY confirms_at LIMIT $1)`,
    [swept, heavy],
  );
  const started = performance.now();
  const members = await sweepMaturedPoints(db);
  const elapsed = performance.now() - started;
  console.log(`points sweep: ${members} members in ${elapsed.toFixed(0)} ms`);
  return elapsed;
}

const empty = await side(emptySchema);
const scale = await side(scaleSchema);
const sides = [
  ['empty', empty],
  ['scale', scale],
] as const;
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
console.log(
  `\nFlat cost at scale (PostgreSQL, ${seconds} s per run, A B A B; load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')})\n`,
);
for (const name of Object.keys(empty.calls)) {
  type Run = { perSecond: number; p95: number };
  const runs = { empty: [] as Run[], scale: [] as Run[] };
  for (let round = 0; round < 2; round++) {
    for (const [label, target] of sides) {
      const call = target.calls[name];
      if (call) runs[label].push(await measure(`${name} (${label})`, call, { concurrency: 10, seconds }));
    }
  }
  const perSecond = (label: 'empty' | 'scale') => mean(runs[label].map((r) => r.perSecond));
  console.log(
    `  → ${name}: scale costs ${(perSecond('empty') / perSecond('scale')).toFixed(2)}× the empty database (target ≤ 1.5×)\n`,
  );
}
// The history's p95 as a member meets it: their requests one after another, not queued behind nine others.
for (const name of Object.keys(empty.calls).filter((call) => call.includes('history'))) {
  const p95 = { empty: [] as number[], scale: [] as number[] };
  for (let round = 0; round < 2; round++) {
    for (const [label, target] of sides) {
      const call = target.calls[name];
      if (call)
        p95[label].push(
          (await measure(`${name} (${label}, 1 client)`, call, { concurrency: 1, seconds })).p95,
        );
    }
  }
  console.log(
    `  → ${name}: p95 ${mean(p95.scale).toFixed(1)} ms at scale (target ≤ 20 ms), ${(mean(p95.scale) / mean(p95.empty)).toFixed(2)}× the empty database\n`,
  );
}
const sweeps = { empty: [] as number[], scale: [] as number[] };
for (let round = 0; round < 2; round++) {
  for (const [label, target] of sides) sweeps[label].push(await sweep(target.db, target.heavy));
}
console.log(
  `  → points sweep of ${swept} matured members: ${mean(sweeps.scale).toFixed(0)} ms at scale, ${(mean(sweeps.scale) / mean(sweeps.empty)).toFixed(2)}× the empty database (target ≤ 1.5×; load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')})`,
);
await empty.bench.close();
await scale.bench.close();
