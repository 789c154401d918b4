import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { migrate } from '../../src/server/db/migrate.ts';
import { openPglite } from '../../src/server/db/pglite.ts';
import type { AdvanceClockMessage, ClockReply } from '../../src/server/test-clock.ts';
import { createDatabase, databaseUrl, dropDatabase } from './postgres-schema.ts';

/**
 * Real server processes (npm start's entry: its sources, or the built bundle) for the fault tests and the browser
 * journeys: what they do to the data directory and the database only shows across processes. Each
 * store is a temporary DATA_DIR and, with TEST_DATABASE_URL, a PostgreSQL schema of its own that the
 * servers share.
 */
export interface ServerStore {
  dataDir: string;
  databaseUrl: string | undefined;
  /** What the servers need besides DATABASE_URL (through a transaction-mode pooler: its pool mode). */
  env?: Record<string, string>;
  /** Runs SQL against the store's PostgreSQL schema (PostgreSQL runs only). */
  query<T>(sql: string): Promise<T[]>;
  remove(): Promise<void>;
}

/**
 * A migrated embedded database to start stores from: PostgreSQL's initdb on a durable folder takes
 * 10–20 s on a busy machine, a copy of this folder about 1 s. Made once per run (Playwright's global
 * set-up) from an in-memory database, which skips initdb's thousands of fsyncs.
 */
export async function createPgliteTemplate(): Promise<{ dir: string; remove: () => void }> {
  const dir = mkdtempSync(join(tmpdir(), 'loyalty-template-dir-'));
  const memory = await openPglite(null);
  await migrate(memory);
  const dump = await memory.dump();
  await memory.close();
  mkdirSync(join(dir, 'db'), { mode: 0o700 });
  const db = await openPglite(join(dir, 'db'), { loadDataDir: dump });
  await db.close();
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * A store for server processes. `pgliteTemplate` (embedded database only) is a migrated data folder
 * from createPgliteTemplate, copied in, or a dump file (the API suite's template), unpacked into it;
 * without one the first server runs initdb and every migration itself.
 */
export async function createServerStore(options: { pgliteTemplate?: string } = {}): Promise<ServerStore> {
  const dataDir = mkdtempSync(join(tmpdir(), 'loyalty-server-'));
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    if (options.pgliteTemplate) await copyTemplate(options.pgliteTemplate, join(dataDir, 'db'));
    return {
      dataDir,
      databaseUrl: undefined,
      query: () => Promise.reject(new Error('no PostgreSQL in this run')),
      remove: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const pooler = process.env.TEST_DATABASE_POOLER_URL;
  if (pooler) return pooledStore(dataDir, url, pooler);
  const schema = `fault_${randomBytes(6).toString('hex')}`;
  const admin = async <T>(sql: string) => {
    const client = new pg.Client({ connectionString: url, options: `-c search_path=${schema},public` });
    await client.connect();
    try {
      return (await client.query(sql)).rows as T[];
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE SCHEMA ${schema}`);
  const databaseUrl = new URL(url);
  // public stays on the path for gen_random_uuid and other built-ins (as in test-database.ts).
  databaseUrl.searchParams.set('options', `-c search_path=${schema},public`);
  return {
    dataDir,
    databaseUrl: databaseUrl.toString(),
    query: admin,
    async remove() {
      await admin(`DROP SCHEMA ${schema} CASCADE`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Through the run's PgBouncer (transaction mode): a database of the store's own, empty (the first
 * server migrates it), which the servers reach through the pooler.
 */
async function pooledStore(dataDir: string, directUrl: string, poolerUrl: string): Promise<ServerStore> {
  const name = await createDatabase(directUrl, null, 'fault');
  const query = async <T>(sql: string) => {
    const client = new pg.Client({ connectionString: databaseUrl(directUrl, name) });
    await client.connect();
    try {
      return (await client.query(sql)).rows as T[];
    } finally {
      await client.end();
    }
  };
  return {
    dataDir,
    databaseUrl: databaseUrl(poolerUrl, name),
    env: { DATABASE_POOL_MODE: 'transaction' },
    query,
    async remove() {
      await dropDatabase(directUrl, name);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function copyTemplate(template: string, target: string): Promise<void> {
  if (statSync(template).isDirectory()) {
    cpSync(join(template, 'db'), target, { recursive: true });
    return;
  }
  mkdirSync(target, { mode: 0o700 });
  const db = await openPglite(target, { loadDataDir: new Blob([readFileSync(template)]) });
  await db.close();
}

const partnerKey = `test-partner-key-${randomBytes(8).toString('hex')}`;

export interface ServerProcess {
  url: string;
  pid: number;
  /** From spawn to "is running at": what a test waits for a server. */
  startMs: number;
  /** Everything the process printed so far. */
  output(): string;
  partner<T = Record<string, unknown>>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: T; replayed: boolean }>;
  /**
   * Moves the server's clock (and its embedded database's) `ms` forward; resolves once it has
   * moved. Only for a server started with `testClock` (src/server/test-clock.ts).
   */
  advanceClock(ms: number): Promise<void>;
  /** SIGKILL: no shutdown handler runs, like a crash or the OOM killer. */
  kill9(): Promise<void>;
  stop(): Promise<void>;
}

export interface ServerOptions {
  /** 0 (the default): a port the OS picks; the browser journeys give each worker its own range. */
  port?: number;
  /** More environment: the configuration file, the SMTP sink. */
  env?: Record<string, string>;
  /**
   * What runs: the sources through tsx (the default: the fault tests need no build), or the built
   * server as `npm start` runs it (the browser journeys, which always run on a fresh build).
   */
  entry?: 'source' | 'build';
  /**
   * A clock the test moves with advanceClock instead of sleeping (src/server/test-clock.ts): the
   * embedded database only, as PostgreSQL keeps its own clock.
   */
  testClock?: boolean;
}

const builtServer = 'dist/server/app/main.js';

function spawnServer(
  store: ServerStore,
  options: ServerOptions,
): { child: ChildProcess; output: () => string } {
  if (options.entry === 'build' && !existsSync(builtServer))
    throw new Error(`${builtServer} is missing: run \`npm run build\` first`);
  const args = options.entry === 'build' ? [builtServer] : ['--import', 'tsx', 'src/server/main.ts'];
  if (options.testClock && store.databaseUrl)
    throw new Error(
      'the test clock moves the embedded database only: run this test without TEST_DATABASE_URL',
    );
  const child = spawn(process.execPath, args, {
    env: {
      ...process.env,
      PORT: String(options.port ?? 0),
      HOST: '127.0.0.1',
      DATA_DIR: store.dataDir,
      DATABASE_URL: store.databaseUrl ?? '',
      LOYALTY_CONFIG: '',
      SMTP_URL: '',
      // Configured, as production servers that share one database share it (no race to create one).
      PARTNER_API_KEY: partnerKey,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      ...store.env,
      ...options.env,
      // Through the IPC channel below only: no request from the network can move it.
      ...(options.testClock ? { LOYALTY_TEST_CLOCK: '1' } : {}),
    },
    stdio: options.testClock ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const collect = (chunk: Buffer) => {
    text += chunk.toString();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  return { child, output: () => text };
}

/** Starts a server on the store and resolves once it listens. */
export async function startServer(store: ServerStore, options: ServerOptions = {}): Promise<ServerProcess> {
  const started = performance.now();
  const { child, output } = spawnServer(store, options);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      // A server that never came up must not outlive the test (it holds its port and data folder).
      child.kill('SIGKILL');
      reject(new Error(`server did not start within 60 s:\n${output()}`));
    }, 60_000);
    const check = () => {
      const match = /is running at (http:\/\/\S+)/.exec(output());
      if (!match?.[1]) return;
      clearTimeout(timer);
      resolve(match[1]);
    };
    child.stdout?.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output()}`));
    });
  });
  const startMs = Math.round(performance.now() - started);
  const key = partnerKey;
  const signal = async (name: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(name);
    await exited;
  };
  return {
    url,
    pid: child.pid ?? 0,
    startMs,
    output,
    async partner(method, path, body) {
      const response = await fetch(`${url}/partner/v1${path}`, {
        method,
        headers: {
          authorization: `Bearer ${key}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return {
        status: response.status,
        body: (await response.json()) as never,
        replayed: response.headers.get('idempotent-replayed') === 'true',
      };
    },
    advanceClock: (ms) => advanceClock(child, ms),
    kill9: () => signal('SIGKILL'),
    stop: () => signal('SIGTERM'),
  };
}

/** Asks the server over its IPC channel to move its clock, and waits for its answer. */
function advanceClock(child: ChildProcess, ms: number): Promise<void> {
  if (!child.send) return Promise.reject(new Error('this server was started without testClock'));
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => done(new Error('the server did not answer the test clock within 10 s')),
      10_000,
    );
    const onReply = (reply: ClockReply) => {
      if (reply.testClock === 'advanced') done();
      else if (reply.testClock === 'refused') done(new Error(`test clock refused: ${reply.reason}`));
    };
    const onExit = () => done(new Error('the server exited before moving its clock'));
    function done(error?: Error) {
      clearTimeout(timer);
      child.off('message', onReply);
      child.off('exit', onExit);
      if (error) reject(error);
      else resolve();
    }
    child.on('message', onReply);
    child.once('exit', onExit);
    child.send({ testClock: 'advance', ms } satisfies AdvanceClockMessage);
  });
}

/** Runs a server that is expected to refuse to start: its exit code, output and how long it took. */
export async function runRefusedServer(
  store: ServerStore,
): Promise<{ code: number | null; output: string; ms: number }> {
  const started = Date.now();
  const { child, output } = spawnServer(store, {});
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  const code = await new Promise<number | null>((resolve) =>
    child.once('exit', (exitCode) => resolve(exitCode)),
  );
  clearTimeout(timer);
  return { code, output: output(), ms: Date.now() - started };
}
