/**
 * What durable commits cost on the embedded default: commit latency and partner purchases
 * per second on PGlite in a folder, with PGlite's stock behaviour (no fsync: "before") and with
 * commits forced to disk ("after", what the server now runs). Floors measured in the same run: PGlite
 * in memory (no disk at all) and one bare fsync of a 4 KB write on the same disk. Compare ratios,
 * not absolute numbers, across machines.
 * Run: npx tsx bench/durability.ts [purchases per run, default 400]
 */
import { closeSync, fsyncSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { benchMember, median, openBenchDatabase, startBenchApp } from './bench-app.ts';

const purchases = Number(process.argv[2] ?? 400);
const commits = 300;
const scratch = mkdtempSync(join(tmpdir(), 'loyalty-durability-'));

function bareFsyncMs(): number {
  const fd = openSync(join(scratch, 'fsync-probe'), 'w');
  const times: number[] = [];
  for (let i = 0; i < 200; i++) {
    const t0 = performance.now();
    writeSync(fd, Buffer.alloc(4096, i));
    fsyncSync(fd);
    times.push(performance.now() - t0);
  }
  closeSync(fd);
  return median(times);
}

interface Run {
  name: string;
  commitMs: number;
  syncsPerCommit: number;
  purchasesPerSecond: number;
  purchaseP50: number;
}

async function measure(name: string, dir: string | null, durable: boolean): Promise<Run> {
  const db = await openBenchDatabase(dir, durable);
  await db.exec('CREATE TABLE bench_commit (id serial PRIMARY KEY, at timestamptz DEFAULT now())');
  const times: number[] = [];
  const syncsBefore = db.diskSyncs();
  for (let i = 0; i < commits; i++) {
    const t0 = performance.now();
    await db.transaction((tx) => tx.query('INSERT INTO bench_commit DEFAULT VALUES'));
    times.push(performance.now() - t0);
  }
  const syncsPerCommit = (db.diskSyncs() - syncsBefore) / commits;

  const bench = await startBenchApp({ db, production: false, dataDir: scratch });
  await bench.createMember();
  const latencies: number[] = [];
  let issued = 0;
  const started = performance.now();
  const till = async () => {
    while (issued < purchases) {
      const i = issued++;
      const t0 = performance.now();
      const res = await bench.partner('POST', '/purchases', {
        orderId: `durability-${i}`,
        email: benchMember.email,
        channel: 'ecommerce',
        value: 10_000,
        currency: 'GBP',
        points: 1_000,
      });
      await res.arrayBuffer();
      if (res.status !== 201) throw new Error(`purchase: ${res.status}`);
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: 10 }, till));
  const seconds = (performance.now() - started) / 1000;
  await bench.close();
  return {
    name,
    commitMs: median(times),
    syncsPerCommit,
    purchasesPerSecond: purchases / seconds,
    purchaseP50: median(latencies),
  };
}

const fsyncFloor = bareFsyncMs();
const memory = await measure('PGlite in memory (floor)', null, false);
const before = await measure('PGlite in a folder, stock (before)', join(scratch, 'before'), false);
const after = await measure('PGlite in a folder, durable (after)', join(scratch, 'after'), true);
rmSync(scratch, { recursive: true, force: true });

console.log(
  `\nDurable commits on the embedded database: ${commits} sequential commits, ${purchases} purchases`,
);
console.log(
  `from 10 concurrent tills over HTTP on 127.0.0.1. Bare fsync of 4 KB on this disk: ${fsyncFloor.toFixed(2)} ms.\n`,
);
console.log(
  'run                                    commit p50 ms  x floor  fsyncs/commit  purchases/s  x floor  purchase p50 ms',
);
for (const r of [memory, before, after]) {
  console.log(
    `${r.name.padEnd(38)} ${r.commitMs.toFixed(2).padStart(13)} ${(r.commitMs / memory.commitMs).toFixed(2).padStart(8)} ${r.syncsPerCommit.toFixed(2).padStart(14)} ${r.purchasesPerSecond.toFixed(0).padStart(12)} ${(r.purchasesPerSecond / memory.purchasesPerSecond).toFixed(2).padStart(8)} ${r.purchaseP50.toFixed(1).padStart(16)}`,
  );
}
console.log(
  `\nDurable vs stock: commit ${(after.commitMs / before.commitMs).toFixed(2)}x the latency, ` +
    `${((after.purchasesPerSecond / before.purchasesPerSecond) * 100).toFixed(0)}% of the purchases per second.`,
);
