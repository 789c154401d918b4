import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import {
  type Database,
  int8TypeId,
  numericTypeId,
  parseInt8,
  parseNumeric,
  type Queryable,
  type Row,
} from './database.ts';
import { DurablePrivateNodeFS, durableStartParams } from './pglite-durable-fs.ts';
import { preparedStatements } from './pglite-prepared.ts';

export interface PgliteDatabase extends Database {
  /** A snapshot of the whole database, to start test databases from a migrated template. */
  dump(): Promise<Blob>;
  /** fsync calls that reached the disk so far (0 in memory or with `durable: false`). */
  diskSyncs(): number;
}

/**
 * The embedded database: PostgreSQL in WebAssembly, in a folder, or in memory when dataDir is null.
 * In a folder, commits are forced to disk and files are private to this user (pglite-durable-fs.ts);
 * `durable: false` is PGlite's stock behaviour, kept only for the durability benchmark's baseline.
 */
export async function openPglite(
  dataDir: string | null,
  options: { loadDataDir?: Blob; durable?: boolean } = {},
): Promise<PgliteDatabase> {
  // The same numbers as the pg driver (PGlite alone answers BIGINT past 2^53 as a BigInt, NUMERIC as text).
  const parsers = { [int8TypeId]: parseInt8, [numericTypeId]: parseNumeric };
  // btree_gist: the appointments' exclusion constraint (stylist and time range in one index).
  const extensions = { btree_gist };
  const pgOptions: PGliteOptions = options.loadDataDir
    ? { loadDataDir: options.loadDataDir, parsers, extensions }
    : { parsers, extensions };
  const durableFs = dataDir && options.durable !== false ? new DurablePrivateNodeFS(dataDir) : null;
  if (durableFs) {
    pgOptions.fs = durableFs;
    pgOptions.startParams = durableStartParams;
  } else if (dataDir) {
    pgOptions.dataDir = dataDir;
  }
  const pg = await PGlite.create(pgOptions);
  const runPrepared = preparedStatements(pg);
  const asQueryable = (target: Pick<PGlite, 'query'>, inTransaction: boolean): Queryable => ({
    async query<T = Row>(sql: string, params: readonly unknown[] = [], options: { prepared?: string } = {}) {
      if (options.prepared) return runPrepared<T>(options.prepared, sql, params, inTransaction);
      const result = await target.query<T>(sql, params as unknown[]);
      return result.rows;
    },
  });
  return {
    driver: 'pglite',
    ...asQueryable(pg, false),
    transaction: (work) => pg.transaction((tx) => work(asQueryable(tx, true))),
    exec: async (sql) => {
      await pg.exec(sql);
    },
    close: () => pg.close(),
    dump: () => pg.dumpDataDir('none'),
    diskSyncs: () => durableFs?.syncs ?? 0,
  };
}
