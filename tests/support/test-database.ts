import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import type { Database } from '../../src/server/db/database.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { openPglite } from '../../src/server/db/pglite.ts';
import { openPostgres } from '../../src/server/db/postgres.ts';
import { admin, createDatabase, databaseUrl, dropDatabase, openPostgresSchema } from './postgres-schema.ts';

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
  const name = await nextPooledDatabase(url, pooler.template);
  const db = openPostgres(databaseUrl(pooler.url, name), { poolMode: 'transaction' });
  return {
    ...db,
    close: async () => {
      await db.close();
      // In the background: the next test need not wait for it (the set-up sweeps what is left).
      void dropDatabase(url, name).catch(() => undefined);
    },
  };
}

let madeAhead: Promise<string> | undefined;

/**
 * A copy of the template database for this test app; the next one is made meanwhile, while this
 * test runs (copying a database waits mostly on the disk, the tests on the processor).
 */
async function nextPooledDatabase(url: string, template: string): Promise<string> {
  const name = await (madeAhead ?? createDatabase(url, template));
  madeAhead = createDatabase(url, template);
  madeAhead.catch(() => undefined);
  return name;
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
    const name = await createDatabase(url, pooler.template);
    const first = openPostgres(databaseUrl(pooler.url, name), { poolMode: 'transaction' });
    const second = openPostgres(databaseUrl(pooler.url, name), { poolMode: 'transaction' });
    return {
      first,
      second,
      close: async () => {
        await Promise.all([first.close(), second.close()]);
        await dropDatabase(url, name);
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
