import { PGlite } from '@electric-sql/pglite';
import type { Database, Queryable, Row } from './database.ts';

export interface PgliteDatabase extends Database {
  /** A snapshot of the whole database, to start test databases from a migrated template. */
  dump(): Promise<Blob>;
}

/** The embedded database: PostgreSQL in WebAssembly, in a folder, or in memory when dataDir is null. */
export async function openPglite(
  dataDir: string | null,
  options: { loadDataDir?: Blob } = {},
): Promise<PgliteDatabase> {
  const pg = await PGlite.create(
    dataDir ?? undefined,
    options.loadDataDir ? { loadDataDir: options.loadDataDir } : {},
  );
  const asQueryable = (target: Pick<PGlite, 'query'>): Queryable => ({
    async query<T = Row>(sql: string, params: readonly unknown[] = []) {
      const result = await target.query<T>(sql, params as unknown[]);
      return result.rows;
    },
  });
  return {
    driver: 'pglite',
    ...asQueryable(pg),
    transaction: (work) => pg.transaction((tx) => work(asQueryable(tx))),
    exec: async (sql) => {
      await pg.exec(sql);
    },
    close: () => pg.close(),
    dump: () => pg.dumpDataDir('none'),
  };
}
