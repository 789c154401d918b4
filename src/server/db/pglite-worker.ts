import { parentPort, workerData } from 'node:worker_threads';
import { followTestClock } from '../test-clock.ts';
import type { Queryable } from './database.ts';
import { openPglite } from './pglite.ts';
import type { WorkerReply, WorkerRequest } from './pglite-thread.ts';

/*
 * The embedded database's own thread (pglite-thread.ts explains why). It opens PGlite in the folder
 * it is given and answers the main thread's requests one message at a time; a transaction stays
 * open here, holding PGlite's transaction lock, until the main thread commits or rolls it back.
 */
const port = parentPort;
if (!port) throw new Error('pglite-worker.ts runs only as a worker thread');

const { dataDir, loadDataDir, clock } = workerData as {
  dataDir: string | null;
  loadDataDir?: Uint8Array<ArrayBuffer>;
  /** The test clock's offset (test-clock.ts): PostgreSQL's wall clock here is this thread's Date.now(). */
  clock?: SharedArrayBuffer;
};
if (clock) followTestClock(clock);
const db = await openPglite(
  dataDir,
  loadDataDir ? { loadDataDir: new Blob([loadDataDir], { type: 'application/gzip' }) } : {},
);

/** Open transactions: their query target, how to end them, and PGlite's promise of their end. */
const transactions = new Map<
  number,
  { tx: Queryable; end: (commit: boolean) => void; finished: Promise<void> }
>();
let nextTransaction = 1;

/** What a PostgreSQL error carries beyond its message (isUniqueViolation reads `code`). */
function plainError(error: unknown): WorkerReply['error'] {
  const fields = error as Record<string, unknown>;
  const picked: Record<string, unknown> = {};
  for (const key of ['code', 'detail', 'constraint', 'severity', 'table', 'column', 'schema', 'hint']) {
    if (typeof fields[key] === 'string') picked[key] = fields[key];
  }
  return { message: error instanceof Error ? error.message : String(error), ...picked };
}

class Rollback extends Error {}

async function begin(): Promise<number> {
  const id = nextTransaction++;
  return new Promise<number>((opened, failed) => {
    let isOpen = false;
    // Settles once PGlite has run the COMMIT (or ROLLBACK) after the body: end() waits for it, and a
    // failed COMMIT reaches the caller.
    const finished: Promise<void> = db
      .transaction(async (tx) => {
        const committed = await new Promise<boolean>((end) => {
          transactions.set(id, { tx, end, finished });
          isOpen = true;
          opened(id);
        });
        transactions.delete(id);
        if (!committed) throw new Rollback();
      })
      .catch((error: unknown) => {
        if (error instanceof Rollback) return;
        if (!isOpen) failed(error);
        throw error;
      });
    // Before the transaction opened, its failure is begin()'s; after, end() answers it.
    finished.catch(() => undefined);
  });
}

/** Ends a transaction and waits until PGlite has committed (or rolled back) it. */
async function end(id: number, commit: boolean): Promise<void> {
  const open = transactions.get(id);
  if (!open) throw new Error(`no open transaction ${id}`);
  open.end(commit);
  await open.finished;
}

async function handle(request: WorkerRequest): Promise<unknown> {
  switch (request.op) {
    case 'query': {
      const target = request.tx === undefined ? db : transactions.get(request.tx)?.tx;
      if (!target) throw new Error(`no open transaction ${request.tx}`);
      return target.query(
        request.sql,
        request.params,
        request.prepared ? { prepared: request.prepared } : {},
      );
    }
    case 'exec':
      return db.exec(request.sql);
    case 'begin':
      return begin();
    case 'commit':
      return end(request.tx, true);
    case 'rollback':
      return end(request.tx, false);
    case 'dump':
      return new Uint8Array(await (await db.dump()).arrayBuffer());
    case 'close':
      return db.close();
  }
}

port.on('message', (request: WorkerRequest) => {
  handle(request).then(
    (result) => port.postMessage({ id: request.id, result, syncs: db.diskSyncs() } satisfies WorkerReply),
    (error: unknown) =>
      port.postMessage({
        id: request.id,
        error: plainError(error),
        syncs: db.diskSyncs(),
      } satisfies WorkerReply),
  );
});
port.postMessage({ id: 0, result: 'ready', syncs: db.diskSyncs() } satisfies WorkerReply);
