import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import type { Database } from '../../src/server/db/database.ts';
import { openPglite } from '../../src/server/db/pglite.ts';
import { openPostgresSchema } from './postgres-schema.ts';

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
  return openPostgresSchema(url, 'test');
}
