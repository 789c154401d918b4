import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrate } from '../../src/server/db/migrate.ts';
import { openPglite } from '../../src/server/db/pglite.ts';
import { openPostgres } from '../../src/server/db/postgres.ts';
import { startPgBouncer } from './pgbouncer.ts';
import { admin, databaseUrl, dropCopiesOf, dumpMigratedSchema } from './postgres-schema.ts';

/**
 * Once per run: a migrated PGlite database saved as a template, so each test app starts from a copy
 * in well under a second instead of running initdb (about 4 s) itself. With TEST_DATABASE_URL, a
 * migrated schema dumped as one script, which each test app's schema is made from. With it and
 * TEST_THROUGH_PGBOUNCER, a real PgBouncer in transaction mode in front of that PostgreSQL and a
 * migrated template database that each test app's own database is copied from (test-database.ts).
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    project.provide('pgliteTemplate', '');
    if (!process.env.TEST_THROUGH_PGBOUNCER) {
      project.provide('pooler', null);
      const dir = mkdtempSync(join(tmpdir(), 'loyalty-template-'));
      const file = join(dir, 'schema.json');
      writeFileSync(file, JSON.stringify(await dumpMigratedSchema(url)));
      project.provide('postgresTemplate', file);
      return () => rmSync(dir, { recursive: true, force: true });
    }
    project.provide('postgresTemplate', '');
    const template = `test_template_${randomBytes(6).toString('hex')}`;
    await admin(url, `CREATE DATABASE ${template}`);
    const db = openPostgres(databaseUrl(url, template));
    await migrate(db);
    await db.close();
    const bouncer = await startPgBouncer(url);
    project.provide('pooler', { url: bouncer.url, template });
    // Server processes started by the fault tests find the pooler in their environment.
    process.env.TEST_DATABASE_POOLER_URL = bouncer.url;
    return async () => {
      await bouncer.stop();
      await dropCopiesOf(url, template);
      await admin(url, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    };
  }
  project.provide('pooler', null);
  project.provide('postgresTemplate', '');
  const dir = mkdtempSync(join(tmpdir(), 'loyalty-template-'));
  const db = await openPglite(null);
  await migrate(db);
  const file = join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await (await db.dump()).arrayBuffer()));
  await db.close();
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    /** PgBouncer's URL (without a database) and the migrated template database, when the run goes through it. */
    pooler: { url: string; template: string } | null;
    /** A JSON file holding dumpMigratedSchema's answer (PostgreSQL without the pooler), or ''. */
    postgresTemplate: string;
  }
}
