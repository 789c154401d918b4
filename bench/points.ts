/**
 * Points hot path on the embedded database (PGlite), over real HTTP on this machine:
 *   - partner purchases per second (each one a ledger transaction, idempotent on orderId), one by one
 *     and in batches of 500 (POST /partner/v1/purchases/batch);
 *   - GET /api/transactions and GET /api-w/viewer for a member with 1,000 ledger rows;
 *   - exchanges per second (POST /api/create-exchange: lock, confirm matured points, conditional update).
 * Run: npx tsx bench/points.ts [seconds per read test, default 5]
 */
import { performance } from 'node:perf_hooks';
import { parseConfig } from '../src/shared/config.ts';
import { benchOrigin, benchPartnerKey, startBenchApp } from './bench-app.ts';

const seconds = Number(process.argv[2] ?? 5);
const concurrency = 10;
const origin = benchOrigin;
const key = benchPartnerKey;

const bench = await startBenchApp({ config: parseConfig({ enablePointsExchange: true }), production: false });
const { base, db } = bench;

async function partner(path: string, body: unknown) {
  const res = await bench.partner('POST', path, body);
  if (res.status >= 300) throw new Error(`${path}: ${res.status} ${await res.text()}`);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

interface Result {
  name: string;
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
}

/** Runs `call` from `concurrency` loops until `total` calls or `durationMs` elapse. */
async function load(
  name: string,
  call: (i: number) => Promise<Response>,
  opts: { durationMs?: number; total?: number },
): Promise<Result> {
  const latencies: number[] = [];
  let issued = 0;
  const start = performance.now();
  const stopAt = opts.durationMs ? start + opts.durationMs : Number.POSITIVE_INFINITY;
  const worker = async () => {
    while (performance.now() < stopAt && (opts.total === undefined || issued < opts.total)) {
      const i = issued++;
      const t0 = performance.now();
      const res = await call(i);
      await res.arrayBuffer();
      if (res.status >= 300) throw new Error(`${name}: HTTP ${res.status}`);
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    name,
    requests: latencies.length,
    perSecond: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
  };
}

// A member with 1,000 ledger rows: 1,000 purchases through the partner API (old ones, so confirmed).
await partner('/members', {
  email: 'bench@example.com',
  name: 'Bench Member',
  password: 'quiet-harbour-lantern-7391',
});
const purchasedAt = new Date(Date.now() - 60 * 86_400_000).toISOString();
const purchases = await load(
  'POST /partner/v1/purchases',
  (i) =>
    fetch(`${base}/partner/v1/purchases`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        orderId: `bench-${i}`,
        email: 'bench@example.com',
        channel: i % 2 ? 'ecommerce' : 'in-store',
        storeDisplayName: 'Oxford Street',
        fasciaDisplayName: 'Flagship',
        value: 10_000,
        currency: 'GBP',
        points: 1_000,
        purchasedAt,
      }),
    }),
  { total: 1_000 },
);

const login = await fetch(`${base}/api/login`, {
  method: 'POST',
  headers: { origin, 'content-type': 'application/json' },
  body: JSON.stringify({ username: 'bench@example.com', password: 'quiet-harbour-lantern-7391' }),
});
if (login.status !== 200) throw new Error(`POST /api/login: HTTP ${login.status}`);
// Every cookie the sign-in set (the session's and the browser's): the first alone was the browser's.
const cookie = login.headers
  .getSetCookie()
  .map((line) => line.split(';')[0] ?? '')
  .join('; ');
const asMember = { cookie, origin };

const transactions = await load(
  'GET /api/transactions (a page of 1,000)',
  () => fetch(`${base}/api/transactions`, { headers: asMember }),
  { durationMs: seconds * 1000 },
);
const recent = await load(
  'GET /api/transactions?limit=5',
  () => fetch(`${base}/api/transactions?limit=5`, { headers: asMember }),
  { durationMs: seconds * 1000 },
);
const viewer = await load('GET /api-w/viewer', () => fetch(`${base}/api-w/viewer`, { headers: asMember }), {
  durationMs: seconds * 1000,
});
const exchanges = await load(
  'POST /api/create-exchange',
  () =>
    fetch(`${base}/api/create-exchange`, {
      method: 'POST',
      headers: { ...asMember, 'content-type': 'application/json' },
      body: JSON.stringify({ pointsConsumed: 500, totalValue: 500 }),
    }),
  { total: 1_000 },
);

// Batches: 2 × 500 purchases spread over 50 members, each batch one call (POST /purchases/batch).
for (let n = 0; n < 50; n++)
  await partner('/members', {
    email: `batch${n}@example.com`,
    name: 'Batch Member',
    password: 'quiet-harbour-lantern-7391',
  });
const batchStarted = performance.now();
for (let b = 0; b < 2; b++) {
  const items = Array.from({ length: 500 }, (_, i) => ({
    orderId: `batch-${b}-${i}`,
    email: `batch${i % 50}@example.com`,
    channel: 'ecommerce',
    value: 10_000,
    currency: 'GBP',
    points: 100,
  }));
  await partner('/purchases/batch', { purchases: items });
}
const batchPerSecond = 1_000 / ((performance.now() - batchStarted) / 1000);

const [check] = await db.query<{ balance: number; counted: number }>(
  `SELECT a.points_balance AS balance,
     (SELECT COALESCE(SUM(points), 0)::int FROM ledger_entries l
       WHERE l.account_id = a.id AND (l.confirms_at IS NULL OR l.confirmed_at IS NOT NULL)) AS counted
     FROM accounts a WHERE a.email = 'bench@example.com'`,
);

console.log(
  `\nPoints benchmark: PGlite in memory, ${concurrency} concurrent clients, real HTTP on 127.0.0.1\n`,
);
console.log('endpoint                              requests    req/s   p50 ms   p95 ms   p99 ms');
for (const r of [purchases, transactions, recent, viewer, exchanges]) {
  console.log(
    `${r.name.padEnd(36)} ${String(r.requests).padStart(9)} ${r.perSecond.toFixed(0).padStart(8)} ${r.p50.toFixed(1).padStart(8)} ${r.p95.toFixed(1).padStart(8)} ${r.p99.toFixed(1).padStart(8)}`,
  );
}
console.log(
  `\nPOST /partner/v1/purchases/batch: ${batchPerSecond.toFixed(0)} purchases/s (2 calls of 500), ${(batchPerSecond / purchases.perSecond).toFixed(2)}× single purchases`,
);
console.log(
  `\nLedger check after the run: balance ${check?.balance}, sum of counted rows ${check?.counted} (${check?.balance === check?.counted ? 'agree' : 'DISAGREE'}).`,
);
await bench.close();
