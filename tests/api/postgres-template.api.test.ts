import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate } from '../../src/server/db/migrate.ts';
import { openPostgres } from '../../src/server/db/postgres.ts';
import { admin, dumpMigratedSchema } from '../support/postgres-schema.ts';

/**
 * Each test app on PostgreSQL gets its schema from one script, the migrated schema pg_dump'ed once
 * per run (test-database.ts), not from the migrations themselves: the copy must be what the
 * migrations make, object for object and row for row, or every other test would be testing something
 * else.
 */
const url = process.env.TEST_DATABASE_URL ?? '';
const schemas: string[] = [];

afterAll(async () => {
  for (const schema of schemas) await admin(url, `DROP SCHEMA IF EXISTS ${schema} CASCADE`);
});

/** Everything a schema holds, as text with the schema's own name taken out. */
async function describeSchema(schema: string): Promise<Record<string, string[]>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const lines = async (sql: string) =>
    (await client.query<{ line: string }>(sql, [schema])).rows.map((row) =>
      row.line.replaceAll(schema, '<schema>'),
    );
  try {
    const tables = await lines(
      `SELECT c.relname || ' ' || c.relkind::text AS line FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = $1 ORDER BY 1`,
    );
    const columns = await lines(
      `SELECT concat_ws(' ', table_name, column_name, data_type, is_nullable, column_default) AS line
         FROM information_schema.columns WHERE table_schema = $1 ORDER BY 1`,
    );
    const constraints = await lines(
      `SELECT c.conrelid::regclass::text || ' ' || c.conname || ' ' || pg_get_constraintdef(c.oid) AS line
         FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace WHERE n.nspname = $1 ORDER BY 1`,
    );
    const indexes = await lines(`SELECT indexdef AS line FROM pg_indexes WHERE schemaname = $1 ORDER BY 1`);
    const functions = await lines(
      `SELECT pg_get_functiondef(p.oid) AS line FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
        WHERE n.nspname = $1 ORDER BY 1`,
    );
    const triggers = await lines(
      `SELECT pg_get_triggerdef(t.oid) AS line FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
         JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1 AND NOT t.tgisinternal ORDER BY 1`,
    );
    const migrations = await lines(
      `SELECT name AS line FROM ${schema}.schema_migrations WHERE $1 <> '' ORDER BY 1`,
    );
    const rowCounts: string[] = [];
    for (const table of tables.filter((line) => line.endsWith(' r')).map((line) => line.split(' ')[0])) {
      const { rows } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${schema}.${table}`);
      rowCounts.push(`${table} ${rows[0]?.n}`);
    }
    // A trigger's condition written `a OR b OR c` is kept nested by the migration's parse and flat by
    // the dump's: the same condition, parenthesised differently.
    const triggerConditions = triggers.map((line) => line.replace(/[()]/g, ''));
    return { tables, columns, constraints, indexes, functions, triggerConditions, migrations, rowCounts };
  } finally {
    await client.end();
  }
}

describe.runIf(url)('the migrated schema copied from one script (PostgreSQL)', () => {
  it('holds exactly what running every migration makes: tables, columns, constraints, indexes, functions, triggers and rows', async () => {
    const migrated = `migrated_${randomBytes(6).toString('hex')}`;
    const copied = `copied_${randomBytes(6).toString('hex')}`;
    schemas.push(migrated, copied);
    await admin(url, `CREATE SCHEMA ${migrated}`);
    const db = openPostgres(url, { searchPath: `${migrated},public` });
    await migrate(db);
    await db.close();
    const template = await dumpMigratedSchema(url);
    await admin(url, template.script.replaceAll(template.name, copied));

    const expected = await describeSchema(migrated);
    expect(expected.functions?.length).toBeGreaterThan(5);
    expect(expected.migrations?.length).toBeGreaterThan(40);
    expect(await describeSchema(copied)).toEqual(expected);
  });
});
