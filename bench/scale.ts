/**
 * Flat cost at a million members: the member calls on the scale seed (`npm run bench:seed` first)
 * against the same calls on an empty database, measured alternately in one run (A B A B), as a ratio.
 * The member measured has 10,000 ledger rows of their own in both databases (a heavy shopper).
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:scale
 * Target (issue 13): every call within 1.5× of the empty database.
 */
import { loadavg } from 'node:os';
import pg from 'pg';
import { migrate } from '../src/server/db/migrate.ts';
import { openPostgres } from '../src/server/db/postgres.ts';
import { benchMember, benchOrigin, startBenchApp } from './bench-app.ts';
import { measure } from './http-bench.ts';

const url = process.env.BENCH_DATABASE_URL;
if (!url) {
  console.error('Set BENCH_DATABASE_URL (and run `npm run bench:seed` once) to measure at scale.');
  process.exit(2);
}
const seconds = Number(process.env.BENCH_SECONDS ?? 4);
const scaleSchema = process.env.SCALE_SCHEMA ?? 'bench_scale';
const emptySchema = `${scaleSchema}_empty`;

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
  const db = openPostgres(url as string, { searchPath: `${schema},public` });
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
  await db.query('ANALYZE ledger_entries');
  const login = await fetch(`${bench.base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: benchOrigin },
    body: JSON.stringify({ username: member.email, password: member.password }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const [card] = await db.query<{ loyalty_id: string }>('SELECT loyalty_id FROM accounts WHERE email = $1', [
    member.email,
  ]);
  let order = 0;
  const calls: Record<string, () => Promise<Response>> = {
    'GET /api-w/viewer': () => fetch(`${bench.base}/api-w/viewer`, { headers: { cookie } }),
    'GET /api/transactions': () => fetch(`${bench.base}/api/transactions`, { headers: { cookie } }),
    'POST /partner/v1/purchases': () =>
      bench.partner('POST', '/purchases', {
        orderId: `scale-bench-${schema}-${Date.now()}-${order++}`,
        loyaltyId: card?.loyalty_id,
        channel: 'in-store',
        storeDisplayName: 'Bench Store',
        value: 1000,
        currency: 'GBP',
        points: 10,
      }),
  };
  return { bench, calls };
}

const empty = await side(emptySchema);
const scale = await side(scaleSchema);
console.log(
  `\nFlat cost at scale (PostgreSQL, ${seconds} s per run, A B A B; load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')})\n`,
);
for (const name of Object.keys(empty.calls)) {
  const runs = { empty: [] as number[], scale: [] as number[] };
  for (let round = 0; round < 2; round++) {
    for (const [label, target] of [
      ['empty', empty],
      ['scale', scale],
    ] as const) {
      const call = target.calls[name];
      if (!call) continue;
      const result = await measure(`${name} (${label})`, call, { concurrency: 10, seconds });
      runs[label].push(result.perSecond);
    }
  }
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  const ratio = mean(runs.empty) / mean(runs.scale);
  console.log(`  → ${name}: scale costs ${ratio.toFixed(2)}× the empty database (target ≤ 1.5×)\n`);
}
await empty.bench.close();
await scale.bench.close();
