import pg from 'pg';
import { type Database, parseInt8, parseNumeric, type Queryable, type Row } from './database.ts';

pg.types.setTypeParser(pg.types.builtins.INT8, parseInt8);
pg.types.setTypeParser(pg.types.builtins.NUMERIC, parseNumeric);

/** PostgreSQL through a connection pool. `searchPath` isolates a schema (tests use one per app). */
export function openPostgres(connectionString: string, options: { searchPath?: string } = {}): Database {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
  });
  const asQueryable = (target: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T = Row>(sql: string, params: readonly unknown[] = [], options: { prepared?: string } = {}) {
      const values = params as unknown[];
      const result = options.prepared
        ? await target.query({ name: options.prepared, text: sql, values })
        : await target.query(sql, values);
      return result.rows as T[];
    },
  });
  return {
    driver: 'postgres',
    ...asQueryable(pool),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work(asQueryable(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    exec: async (sql) => {
      await pool.query(sql);
    },
    close: () => pool.end(),
  };
}
