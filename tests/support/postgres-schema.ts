import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Database } from '../../src/server/db/database.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { openPostgres } from '../../src/server/db/postgres.ts';

/** Runs one statement on its own connection (creating and dropping schemas and databases). */
export async function admin(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A fresh, migrated schema of its own (`<prefix>_<random>`) in the PostgreSQL at `url`, dropped on
 * close: for the API tests (TEST_DATABASE_URL) and the benchmarks (BENCH_DATABASE_URL).
 */
export async function openPostgresSchema(url: string, prefix: string): Promise<Database> {
  const schema = `${prefix}_${randomBytes(6).toString('hex')}`;
  await admin(url, `CREATE SCHEMA ${schema}`);
  // public stays on the path for gen_random_uuid and other built-ins.
  const db = openPostgres(url, { searchPath: `${schema},public` });
  await migrate(db);
  const close = db.close.bind(db);
  return {
    ...db,
    close: async () => {
      await close();
      await admin(url, `DROP SCHEMA ${schema} CASCADE`);
    },
  };
}

/** The same server's database `name` (the path of a postgres:// URL). */
export function databaseUrl(url: string, name: string): string {
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}

/**
 * Through a transaction-mode pooler nothing may be set per connection, so no search path can pick a
 * schema: each test app gets a database of its own instead, copied from a migrated template database
 * (the API suite's global set-up makes it), reached through the pooler, and dropped on close.
 */
export async function openPooledDatabase(
  directUrl: string,
  poolerUrl: string,
  template: string | null,
): Promise<{ db: Database; name: string; drop: () => Promise<void> }> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  await admin(directUrl, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  const db = openPostgres(databaseUrl(poolerUrl, name), { poolMode: 'transaction' });
  const drop = () => admin(directUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  return { db, name, drop };
}
