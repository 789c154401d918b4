import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import type { Database } from '../../src/server/db/database.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { openPglite } from '../../src/server/db/pglite.ts';
import { openPostgres } from '../../src/server/db/postgres.ts';

/**
 * A fresh, migrated database for one test app: PGlite from the template, or, with TEST_DATABASE_URL,
 * a schema of its own in that PostgreSQL (dropped on close).
 */
export async function openTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const template = readFileSync(inject('pgliteTemplate'));
    return openPglite(null, { loadDataDir: new Blob([template]) });
  }
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  // public stays on the path for gen_random_uuid and other built-ins.
  const db = openPostgres(url, { searchPath: `${schema},public` });
  await migrate(db);
  const close = db.close.bind(db);
  return {
    ...db,
    close: async () => {
      await close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`DROP SCHEMA ${schema} CASCADE`);
      await cleanup.end();
    },
  };
}
