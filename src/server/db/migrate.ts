import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { type Database, type Queryable, queryOne } from './database.ts';

export const migrationsDir = fileURLToPath(new URL('./migrations/', import.meta.url));

/**
 * The server's feature folders (src/server/; in the build, dist/server/, where the bundle sits one
 * folder down as these modules do). A feature's database functions are source files in its `sql/`
 * folder: see repeatableFiles.
 */
const featuresDir = fileURLToPath(new URL('../', import.meta.url));

/**
 * Applies every checked-in migration not applied yet, in file-name order, each in its own
 * transaction, then the database functions whose source files changed (repeatableFiles; `repeatable:
 * false` leaves them out, for the test that compares them with the migrations' history). Migrations
 * are numbered SQL files; features add their own (docs/decisions/0001-plain-sql-over-one-small-interface.md, docs/ledger.md).
 * Several app servers may start together on one PostgreSQL: each step holds a transaction-scoped
 * advisory lock (one per schema) and re-checks what is applied under it, so every migration runs
 * exactly once and the others wait for it instead of failing on half-made tables.
 */
export async function migrate(
  db: Database,
  log: (line: string) => void = () => undefined,
  options: { repeatable?: boolean } = {},
): Promise<string[]> {
  const files = (await readdir(migrationsDir)).filter((name) => name.endsWith('.sql')).sort();
  const repeatable = options.repeatable === false ? [] : await repeatableFiles();
  // Every start but the first finds nothing to do: one statement, no lock, no transaction.
  const recorded = await recordedState(db);
  if (
    recorded &&
    files.every((name) => recorded.migrations.has(name)) &&
    repeatable.every((file) => recorded.repeatable.get(file.name) === file.checksum)
  )
    return [];
  await db.transaction(
    async (tx) => {
      await lockMigrations(tx);
      await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
      await tx.query(`CREATE TABLE IF NOT EXISTS schema_repeatable (
      name text PRIMARY KEY,
      checksum text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    },
    { unbounded: true },
  );
  const appliedBefore = new Set(
    (await db.query<{ name: string }>('SELECT name FROM schema_migrations')).map((row) => row.name),
  );
  const appliedNow: string[] = [];
  for (const name of files.filter((file) => !appliedBefore.has(file))) {
    const sql = await readFile(migrationsDir + name, 'utf8');
    // Unbounded: a migration may rebuild a large table; the requests' time-outs are not for it, nor
    // for the wait on another server's migration lock.
    const applied = await db.transaction(
      async (tx) => {
        await lockMigrations(tx);
        if (await queryOne(tx, 'SELECT 1 FROM schema_migrations WHERE name = $1', [name])) return false;
        for (const statement of splitStatements(sql)) await tx.query(statement);
        await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
        return true;
      },
      { unbounded: true },
    );
    if (!applied) continue;
    appliedNow.push(name);
    log(`migration applied: ${name}`);
  }
  for (const name of await applyRepeatable(db, repeatable)) {
    appliedNow.push(name);
    log(`database functions applied: ${name}`);
  }
  return appliedNow;
}

/** A feature's database function as source: `<feature>/sql/<function>.sql`, and its text's SHA-256. */
interface RepeatableFile {
  name: string;
  sql: string;
  checksum: string;
}

/**
 * The database functions as source files, in name order. Each file holds one function, written in
 * full as `CREATE OR REPLACE FUNCTION`: the live definition, where the numbered migrations are its
 * history. Applied after the numbered migrations whenever a file's text changes (Flyway's repeatable
 * migrations); a change of a function's arguments or result needs a numbered migration that drops
 * the old one first (CREATE OR REPLACE cannot change them).
 */
export async function repeatableFiles(root = featuresDir): Promise<RepeatableFile[]> {
  const found: RepeatableFile[] = [];
  for (const feature of (await readdir(root, { withFileTypes: true })).filter((entry) =>
    entry.isDirectory(),
  )) {
    const dir = `${root}${feature.name}/sql/`;
    const names = await readdir(dir).catch((error: { code?: string }) => {
      if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return [];
      throw error;
    });
    for (const file of names.filter((name) => name.endsWith('.sql'))) {
      const sql = await readFile(dir + file, 'utf8');
      const checksum = createHash('sha256').update(sql).digest('hex');
      found.push({ name: `${feature.name}/sql/${file}`, sql, checksum });
    }
  }
  return found.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/**
 * Applies the function files whose text the database has not recorded, all in one transaction under
 * the migrations' lock (functions that call each other change together: no request runs a mix of old
 * and new), re-checked under it as each migration is. Answers the files applied.
 */
async function applyRepeatable(db: Database, files: RepeatableFile[]): Promise<string[]> {
  if (files.length === 0) return [];
  return db.transaction(
    async (tx) => {
      await lockMigrations(tx);
      const recorded = new Map(
        (
          await tx.query<{ name: string; checksum: string }>('SELECT name, checksum FROM schema_repeatable')
        ).map((row) => [row.name, row.checksum]),
      );
      const changed = files.filter((file) => recorded.get(file.name) !== file.checksum);
      for (const file of changed) {
        for (const statement of splitStatements(file.sql)) await tx.query(statement);
        await tx.query(
          `INSERT INTO schema_repeatable (name, checksum) VALUES ($1, $2)
           ON CONFLICT (name) DO UPDATE SET checksum = EXCLUDED.checksum, applied_at = now()`,
          [file.name, file.checksum],
        );
      }
      return changed.map((file) => file.name);
    },
    { unbounded: true },
  );
}

/**
 * The migrations recorded as applied and the function files' recorded checksums, in one statement;
 * null before the first migration, or before the first function file (no table yet).
 */
async function recordedState(
  db: Queryable,
): Promise<{ migrations: Set<string>; repeatable: Map<string, string> } | null> {
  try {
    const rows = await db.query<{ name: string; checksum: string | null }>(
      'SELECT name, NULL AS checksum FROM schema_migrations UNION ALL SELECT name, checksum FROM schema_repeatable',
    );
    return {
      migrations: new Set(rows.filter((row) => row.checksum === null).map((row) => row.name)),
      repeatable: new Map(rows.flatMap((row) => (row.checksum === null ? [] : [[row.name, row.checksum]]))),
    };
  } catch (error) {
    if ((error as { code?: string }).code === '42P01') return null;
    throw error;
  }
}

/**
 * Checked-in migrations the database has not recorded as applied, and function files whose text it
 * has not (readiness: /readyz).
 */
export async function missingMigrations(db: Queryable): Promise<string[]> {
  const files = (await readdir(migrationsDir)).filter((name) => name.endsWith('.sql')).sort();
  const applied = new Set(
    (await db.query<{ name: string }>('SELECT name FROM schema_migrations')).map((row) => row.name),
  );
  const recorded = new Map(
    (
      await db
        .query<{ name: string; checksum: string }>('SELECT name, checksum FROM schema_repeatable')
        .catch((error: { code?: string }) => {
          if (error.code === '42P01') return [];
          throw error;
        })
    ).map((row) => [row.name, row.checksum]),
  );
  return [
    ...files.filter((name) => !applied.has(name)),
    ...(await repeatableFiles())
      .filter((file) => recorded.get(file.name) !== file.checksum)
      .map((file) => file.name),
  ];
}

/** Waits for any other server migrating this schema; released when the transaction ends. */
async function lockMigrations(tx: Queryable): Promise<void> {
  await tx.query("SELECT pg_advisory_xact_lock(hashtext('loyalty:migrate:' || current_schema()))");
}

/** Splits a migration (or a function file) into statements at line-ending semicolons (not those of a $$ function body). */
function splitStatements(sql: string): string[] {
  // A semicolon that ends a line ends a statement, except inside a $$-quoted function body.
  const statements: string[] = [];
  let current = '';
  let inBody = false;
  for (const line of sql.split('\n')) {
    current += `${line}\n`;
    if ((line.match(/\$\$/g)?.length ?? 0) % 2 === 1) inBody = !inBody;
    if (!inBody && /;\s*$/.test(line)) {
      statements.push(current.replace(/;\s*$/, ''));
      current = '';
    }
  }
  statements.push(current);
  return statements.map((statement) => statement.replace(/^\s*--.*$/gm, '').trim()).filter(Boolean);
}
