import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { testClockBuffer } from '../test-clock.ts';
import type { Queryable, Row } from './database.ts';
import type { PgliteDatabase } from './pglite.ts';

/**
 * The embedded database in its own thread. PGlite is PostgreSQL compiled to
 * WebAssembly: in the server's thread every query ran on the event loop, so one slow query (or a
 * checkpoint's fsyncs) stalled every request, and 67% of the server's CPU under load sat inside it.
 * Here PGlite runs in a worker thread (pglite-worker.ts) and this side speaks to it by messages,
 * behind the same Database interface; a transaction's statements are sent one by one while PGlite
 * holds the transaction open on the worker's side.
 */
export type WorkerRequest = { id: number } & (
  | { op: 'query'; sql: string; params: unknown[]; tx?: number; prepared?: string }
  | { op: 'exec'; sql: string }
  | { op: 'begin' }
  | { op: 'commit'; tx: number }
  | { op: 'rollback'; tx: number }
  | { op: 'dump' }
  | { op: 'close' }
);

type Distribute<T> = T extends unknown ? Omit<T, 'id'> : never;
type Request = Distribute<WorkerRequest>;

export interface WorkerReply {
  id: number;
  result?: unknown;
  error?: { message: string; [field: string]: unknown };
  /** The worker's count of fsyncs that reached the disk (diskSyncs). */
  syncs: number;
}

/** The worker: beside this module once built; in the source (tsx, vitest), TypeScript behind tsx's loader. */
function workerEntry(): URL {
  if (import.meta.url.endsWith('.ts')) {
    // tsx's ESM entry (its package.json says `./esm/api` imports dist/esm/api/index.mjs).
    const tsxPackage = createRequire(import.meta.url).resolve('tsx/package.json');
    const tsx = new URL('./dist/esm/api/index.mjs', pathToFileURL(tsxPackage)).href;
    const worker = new URL('./pglite-worker.ts', import.meta.url).href;
    const boot = `const { register } = await import(${JSON.stringify(tsx)}); register(); await import(${JSON.stringify(worker)});`;
    return new URL(`data:text/javascript,${encodeURIComponent(boot)}`);
  }
  const url = new URL('./pglite-worker.js', import.meta.url);
  if (existsSync(url)) return url;
  throw new Error('pglite-worker.js is missing from the build');
}

/**
 * PGlite in a folder (or in memory: null), in a worker thread; `loadDataDir` is a gzipped template
 * for an empty folder.
 */
export async function openPgliteThread(
  dataDir: string | null,
  options: { loadDataDir?: Blob } = {},
): Promise<PgliteDatabase> {
  const template = options.loadDataDir ? new Uint8Array(await options.loadDataDir.arrayBuffer()) : undefined;
  // A server on the test clock (test-clock.ts) hands its offset over: the database's now() moves with it.
  const worker = new Worker(workerEntry(), {
    workerData: { dataDir, loadDataDir: template, clock: testClockBuffer() },
  });
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  let syncs = 0;
  let failure: Error | null = null;

  const ready = new Promise<void>((resolve, reject) => {
    waiting.set(0, { resolve: () => resolve(), reject });
  });
  worker.on('message', (reply: WorkerReply) => {
    syncs = reply.syncs;
    const pending = waiting.get(reply.id);
    if (!pending) return;
    waiting.delete(reply.id);
    if (reply.error) pending.reject(Object.assign(new Error(reply.error.message), reply.error));
    else pending.resolve(reply.result);
  });
  const fail = (error: Error) => {
    failure = error;
    for (const pending of waiting.values()) pending.reject(error);
    waiting.clear();
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`the embedded database's thread exited (code ${code})`)));

  const send = <T>(request: Request): Promise<T> => {
    if (failure) return Promise.reject(failure);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ ...request, id });
    });
  };
  const queryable = (tx?: number): Queryable => ({
    query<T = Row>(sql: string, params: readonly unknown[] = [], options: { prepared?: string } = {}) {
      return send<T[]>({
        op: 'query',
        sql,
        params: [...params],
        ...(tx === undefined ? {} : { tx }),
        ...(options.prepared ? { prepared: options.prepared } : {}),
      });
    },
  });

  await ready;
  return {
    driver: 'pglite',
    ...queryable(),
    async transaction(work) {
      const tx = await send<number>({ op: 'begin' });
      let result: Awaited<ReturnType<typeof work>>;
      try {
        result = await work(queryable(tx));
      } catch (error) {
        await send({ op: 'rollback', tx });
        throw error;
      }
      await send({ op: 'commit', tx });
      return result;
    },
    exec: async (sql) => {
      await send({ op: 'exec', sql });
    },
    async close() {
      await send({ op: 'close' });
      worker.removeAllListeners('exit');
      await worker.terminate();
    },
    dump: async () => new Blob([await send<Uint8Array<ArrayBuffer>>({ op: 'dump' })]),
    diskSyncs: () => syncs,
  };
}
