/**
 * What the app costs to load and to run, against floors measured in the same run:
 * - first-load JS (scripts/report-bundle.mjs) against React's hello world built by Vite (gzip);
 * - `npm start` with a built app and a warm data directory, from the command to the first page, and
 *   the server's resident memory once idle, on PGlite and, with BENCH_DATABASE_URL, on PostgreSQL,
 *   against a bare Fastify server started with plain node.
 * Targets: first-load JS ≤ 90 KB gzip; first page ≤ 3 s; RSS on PostgreSQL ≤ 200 MB idle.
 * Needs `npm run build` first.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { build } from 'vite';

if (!existsSync('dist/server/app/main.js')) {
  console.error('No build: run `npm run build` first.');
  process.exit(2);
}
const idleMs = 3000;
// As a member of staff types `npm start` (production needs an https origin and keys of its own).
const { NODE_ENV: _, ...withoutNodeEnv } = process.env;

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The node process of the tree under `pid` running `marker` (npm starts the server through a shell). */
function findProcess(pid: number, marker: string): number | null {
  try {
    const [program, ...args] = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    if (program?.endsWith('node') && args.some((arg) => arg.includes(marker))) return pid;
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/);
    for (const child of children.filter(Boolean)) {
      const found = findProcess(Number(child), marker);
      if (found) return found;
    }
  } catch {
    // The process ended meanwhile.
  }
  return null;
}

const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

/** Starts `command`, times it to the first 200 of GET /, then reads the RSS of `marker`'s process once idle. */
async function start(name: string, command: string[], env: Record<string, string>, marker: string) {
  const port = await freePort();
  const started = performance.now();
  const child: ChildProcess = spawn(command[0] as string, command.slice(1), {
    env: { ...withoutNodeEnv, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'ignore'],
    detached: true,
  });
  // The server's own account of where its start-up went ("Started in 1.2 s (code …, database …)").
  let account = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    account ||= /Started in .*/.exec(chunk.toString())?.[0] ?? '';
  });
  let firstPage = 0;
  while (!firstPage) {
    const answer = await fetch(`http://127.0.0.1:${port}/`).catch(() => null);
    if (answer?.ok) firstPage = performance.now() - started;
    else await new Promise((resolve) => setTimeout(resolve, 20));
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}`);
  }
  await new Promise((resolve) => setTimeout(resolve, idleMs));
  const server = findProcess(child.pid as number, marker);
  const rss = server ? rssMb(server) : 0;
  process.kill(-(child.pid as number), 'SIGINT');
  await new Promise((resolve) => child.once('exit', resolve));
  console.log(
    `${name.padEnd(40)} first page ${(firstPage / 1000).toFixed(2)} s   RSS idle ${rss.toFixed(0)} MB${account ? `\n    ${account}` : ''}`,
  );
  return { firstPage, rss };
}

const floorScript =
  "import Fastify from 'fastify'; const app = Fastify(); app.get('/', async () => 'ok'); await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });";
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

async function measureSide(label: string, env: Record<string, string>) {
  console.log(`\n${label} (load ${load()})`);
  const floor = await start(
    'floor: bare Fastify, plain node',
    ['node', '--input-type=module', '-e', floorScript],
    {},
    'Fastify',
  );
  // The first start migrates (and on PGlite copies the template); the second is the warm one measured.
  // The server runs in scripts/start.mjs's process (`npm start`).
  await start('npm start (first, cold data directory)', ['npm', 'start'], env, 'scripts/start.mjs');
  const warm = await start('npm start (warm)', ['npm', 'start'], env, 'scripts/start.mjs');
  console.log(
    `  → first page ${(warm.firstPage / floor.firstPage).toFixed(1)}× the floor (target ≤ 3 s); RSS ${(warm.rss / floor.rss).toFixed(1)}× the floor${label.startsWith('PostgreSQL') ? ' (target ≤ 200 MB)' : ''}`,
  );
}

/** React's hello world built by Vite for production: what any React page loads, gzip. */
async function reactHelloWorld(): Promise<number> {
  const root = mkdtempSync(join('node_modules', '.bench-hello-'));
  try {
    writeFileSync(
      join(root, 'index.html'),
      '<div id="root"></div><script type="module" src="./main.js"></script>',
    );
    writeFileSync(
      join(root, 'main.js'),
      "import { createElement } from 'react'; import { createRoot } from 'react-dom/client';\n" +
        "createRoot(document.getElementById('root')).render(createElement('h1', null, 'Hello'));",
    );
    await build({ root, configFile: false, logLevel: 'silent', build: { outDir: 'dist' } });
    const assets = join(root, 'dist', 'assets');
    return readdirSync(assets)
      .filter((file) => file.endsWith('.js'))
      .reduce((sum, file) => sum + gzipSync(readFileSync(join(assets, file))).length / 1024, 0);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/** The build's own report, each first-load figure also as a ratio to React's hello world. */
async function firstLoadJs() {
  const floor = await reactHelloWorld();
  console.log(
    `\nFirst-load JavaScript (load ${load()}); floor: React's hello world built by Vite, ${floor.toFixed(1)} KB gzip`,
  );
  const report = execFileSync('node', ['scripts/report-bundle.mjs'], { encoding: 'utf8' }).trim();
  for (const line of report.split('\n')) {
    const kb = /^First-load.*?([\d.]+) KB gzip/.exec(line)?.[1];
    console.log(kb ? `${line}\n  → ${(Number(kb) / floor).toFixed(2)}× the floor (target ≤ 90 KB)` : line);
  }
}

await firstLoadJs();
const dataDir = mkdtempSync(join(tmpdir(), 'bench-start-'));
await measureSide('Start-up, PGlite (embedded)', { DATA_DIR: dataDir });
rmSync(dataDir, { recursive: true, force: true });

const url = process.env.BENCH_DATABASE_URL;
if (url) {
  const schema = `bench_start_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const pgDataDir = mkdtempSync(join(tmpdir(), 'bench-start-'));
  const databaseUrl = `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema},public`)}`;
  try {
    await measureSide('Start-up, PostgreSQL', { DATABASE_URL: databaseUrl, DATA_DIR: pgDataDir });
  } finally {
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
    rmSync(pgDataDir, { recursive: true, force: true });
  }
}
