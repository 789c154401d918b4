import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { admin } from '#tests/support/postgres-schema.ts';
import type { Database, Queryable } from './database.ts';
import { migrate, missingMigrations, repeatableFiles } from './migrate.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';

/**
 * The database functions are source files (src/server/<feature>/sql/<function>.sql), applied after
 * the numbered migrations, which stay as their history. The snapshot below is every function as the
 * numbered migrations alone leave it (pg_get_functiondef); the files' first version reproduced each
 * exactly. A function whose file has changed since is named here with what changed, so the
 * comparison keeps proving the rest are still what the migrations made (a function added since has
 * no history and is named too).
 */
const changedSinceHistory: Record<string, string> = {
  ledger_entry_matured: 'added: the rule "a pending row has matured", shared with the TypeScript commands',
  ledger_passes_points_limit: 'added: the points limit, shared with the TypeScript commands',
  record_purchase: 'the two rules; marks its rows bookkept_by_writer instead of a session setting',
  record_purchases: 'no session setting (its set functions mark their rows bookkept_by_writer)',
  record_purchases_set: 'the two rules; marks its rows bookkept_by_writer instead of a session setting',
  record_purchases_batch: 'the two rules; marks its rows bookkept_by_writer instead of a session setting',
  record_purchases_lock_last: 'the two rules; marks its rows bookkept_by_writer instead of a session setting',
  wallet_mark_changed_from_ledger_row:
    'added: the wallet insert trigger per row, so a row can stand it aside',
};

const snapshot = './__snapshots__/functions-from-migrations.sql';

/** Every function of the schema (none of an extension's), by signature, as the database prints it. */
async function functionDefinitions(db: Queryable): Promise<Map<string, string>> {
  const rows = await db.query<{ signature: string; definition: string }>(
    `SELECT p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' AS signature,
            pg_get_functiondef(p.oid) AS definition
       FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname = current_schema()
        AND NOT EXISTS (SELECT 1 FROM pg_depend d
                         WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
      ORDER BY 1`,
  );
  // The schema's name differs from run to run on PostgreSQL (a schema per test).
  return new Map(
    rows.map((row) => [
      row.signature,
      row.definition.replace(/^CREATE OR REPLACE FUNCTION [a-z0-9_]+\./, 'CREATE OR REPLACE FUNCTION '),
    ]),
  );
}

const asText = (definitions: Map<string, string>) =>
  [...definitions].map(([signature, definition]) => `-- ${signature}\n${definition.trimEnd()}\n`).join('\n');

const nameOf = (signature: string) => signature.slice(0, signature.indexOf('('));

let cleanUp: (() => Promise<void>) | undefined;

afterEach(async () => {
  await cleanUp?.();
  cleanUp = undefined;
});

/** An empty database: PGlite, or a schema of its own in TEST_DATABASE_URL's PostgreSQL. */
async function emptyDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const db = await openPglite(null);
    cleanUp = () => db.close();
    return db;
  }
  const schema = `functions_${randomBytes(6).toString('hex')}`;
  await admin(url, `CREATE SCHEMA ${schema}`);
  const db = openPostgres(url, { searchPath: `${schema},public` });
  cleanUp = async () => {
    await db.close();
    await admin(url, `DROP SCHEMA ${schema} CASCADE`);
  };
  return db;
}

describe('database functions as source files', () => {
  it('the files are the live definitions, and each equals its history unless named as changed', async () => {
    const db = await emptyDatabase();
    await migrate(db, undefined, { repeatable: false });
    const history = await functionDefinitions(db);
    // The numbered migrations' history is fixed: they define no function any more, and what they
    // left stays as it was when the files took over.
    await expect(asText(history)).toMatchFileSnapshot(snapshot);

    const files = await repeatableFiles();
    expect(await missingMigrations(db)).toEqual(files.map((file) => file.name));
    expect(await migrate(db)).toEqual(files.map((file) => file.name));
    const live = await functionDefinitions(db);

    // One file per live function, named after it, in its feature's sql/ folder; no function of the
    // schema without one.
    const declared = files.map((file) => {
      const names = [...file.sql.matchAll(/^CREATE OR REPLACE FUNCTION (\w+)\(/gm)].map((m) => m[1]);
      expect(names, file.name).toHaveLength(1);
      expect(file.name, 'a file is named after its function').toMatch(new RegExp(`/sql/${names[0]}\\.sql$`));
      return names[0];
    });
    expect([...live.keys()].map(nameOf).sort()).toEqual([...declared].sort());

    // The files' first version reproduced every definition exactly; since then only the functions
    // named in changedSinceHistory differ, and each of those does.
    for (const [signature, definition] of live) {
      const name = nameOf(signature);
      if (name in changedSinceHistory) expect(definition, signature).not.toBe(history.get(signature));
      else expect(definition, signature).toBe(history.get(signature));
    }
    expect(Object.keys(changedSinceHistory).filter((name) => !declared.includes(name))).toEqual([]);

    // What a ledger insert does depends on the row (bookkept_by_writer), never on a session setting.
    const triggers = await db.query<{ definition: string }>(
      `SELECT pg_get_triggerdef(t.oid) AS definition FROM pg_trigger t
        WHERE t.tgrelid = 'ledger_entries'::regclass AND NOT t.tgisinternal`,
    );
    const insertTriggers = triggers.map((t) => t.definition).filter((d) => d.includes('AFTER INSERT'));
    expect(insertTriggers).toHaveLength(2);
    for (const definition of insertTriggers) expect(definition).toContain('NOT new.bookkept_by_writer');
    for (const definition of [...triggers.map((t) => t.definition), ...live.values()])
      expect(definition).not.toContain('ledger_insert_bookkeeping');
  }, 120_000);

  it('applies a function file again only when its text changed, under the migrations lock', async () => {
    const db = await emptyDatabase();
    await migrate(db);
    expect(await migrate(db)).toEqual([]);
    expect(await missingMigrations(db)).toEqual([]);

    // A file whose recorded checksum differs (as after an edit) is applied again, and only it.
    await db.query(
      "UPDATE schema_repeatable SET checksum = 'edited' WHERE name = 'points/sql/record_purchase.sql'",
    );
    await db.query('DROP FUNCTION record_purchases_set');
    expect(await missingMigrations(db)).toEqual(['points/sql/record_purchase.sql']);
    expect(await migrate(db)).toEqual(['points/sql/record_purchase.sql']);
    const [set] = await db.query("SELECT 1 FROM pg_proc WHERE proname = 'record_purchases_set'");
    expect(set).toBeUndefined();

    // A database from before the files (no record of them) gets every one.
    await db.query('DROP TABLE schema_repeatable');
    const files = (await repeatableFiles()).map((file) => file.name);
    expect(await missingMigrations(db)).toEqual(files);
    expect(await migrate(db)).toEqual(files);
    expect(await migrate(db)).toEqual([]);
  }, 120_000);
});
