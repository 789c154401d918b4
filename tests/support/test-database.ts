import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import type { Database } from '../../src/server/db/database.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { openPglite } from '../../src/server/db/pglite.ts';
import { openPostgres } from '../../src/server/db/postgres.ts';
import { admin, databaseUrl, openPooledDatabase, openPostgresSchema } from './postgres-schema.ts';

/**
 * A fresh, migrated database for one test app: PGlite from the template, or, with TEST_DATABASE_URL,
 * a schema of its own in that PostgreSQL (dropped on close), or, with TEST_THROUGH_PGBOUNCER too, a
 * database of its own reached through a real PgBouncer in transaction mode (api-global-setup.ts).
 */
export async function openTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const template = readFileSync(inject('pgliteTemplate'));
    return openPglite(null, { loadDataDir: new Blob([template]) });
  }
  const pooler = inject('pooler');
  if (!pooler) return openPostgresSchema(url, 'test', postgresTemplate());
  const { db, drop } = await openPooledDatabase(url, pooler.url, pooler.template);
  return {
    ...db,
    close: async () => {
      await db.close();
      await drop();
    },
  };
}

let template: { name: string; script: string } | undefined;

/** The global set-up's migrated schema as a script, read once per worker. */
function postgresTemplate(): { name: string; script: string } | undefined {
  const file = inject('postgresTemplate');
  if (!file) return undefined;
  template ??= JSON.parse(readFileSync(file, 'utf8')) as { name: string; script: string };
  return template;
}

/**
 * Two handles (two pools, as two app servers have) on one fresh, migrated PostgreSQL database or
 * schema (PostgreSQL runs only); `close` closes both and drops it.
 */
export async function openSharedTestDatabase(): Promise<{
  first: Database;
  second: Database;
  close(): Promise<void>;
}> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('a shared database needs TEST_DATABASE_URL');
  const pooler = inject('pooler');
  if (pooler) {
    const { db: first, name, drop } = await openPooledDatabase(url, pooler.url, pooler.template);
    const second = openPostgres(databaseUrl(pooler.url, name), { poolMode: 'transaction' });
    return {
      first,
      second,
      close: async () => {
        await Promise.all([first.close(), second.close()]);
        await drop();
      },
    };
  }
  const schema = `test_${randomBytes(6).toString('hex')}`;
  await admin(url, `CREATE SCHEMA ${schema}`);
  const first = openPostgres(url, { searchPath: `${schema},public` });
  const second = openPostgres(url, { searchPath: `${schema},public` });
  await migrate(first);
  return {
    first,
    second,
    close: async () => {
      await Promise.all([first.close(), second.close()]);
      await admin(url, `DROP SCHEMA ${schema} CASCADE`);
    },
  };
}
