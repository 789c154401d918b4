import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { type Database, type Queryable, queryOne } from './database.ts';

export const migrationsDir = fileURLToPath(new URL('./migrations/', import.meta.url));

/**
 * Applies every checked-in migration not applied yet, in file-name order, each in its own
 * transaction. Migrations are numbered SQL files; features add their own (docs/decisions/0001-plain-sql-over-one-small-interface.md).
 * Several app servers may start together on one PostgreSQL: each step holds a transaction-scoped
 * advisory lock (one per schema) and re-checks what is applied under it, so every migration runs
 * exactly once and the others wait for it instead of failing on half-made tables.
 */
export async function migrate(
  db: Database,
  log: (line: string) => void = () => undefined,
): Promise<string[]> {
  const files = (await readdir(migrationsDir)).filter((name) => name.endsWith('.sql')).sort();
  // Every start but the first finds nothing to do: one statement, no lock, no transaction.
  const recorded = await recordedMigrations(db);
  if (recorded && files.every((name) => recorded.has(name))) return [];
  await db.transaction(
    async (tx) => {
      await lockMigrations(tx);
      await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY,
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
  return appliedNow;
}

/** The migrations recorded as applied, or null before the first (no schema_migrations table yet). */
async function recordedMigrations(db: Queryable): Promise<Set<string> | null> {
  try {
    const rows = await db.query<{ name: string }>('SELECT name FROM schema_migrations');
    return new Set(rows.map((row) => row.name));
  } catch (error) {
    if ((error as { code?: string }).code === '42P01') return null;
    throw error;
  }
}

/** Checked-in migrations the database has not recorded as applied (readiness: /readyz). */
export async function missingMigrations(db: Queryable): Promise<string[]> {
  const files = (await readdir(migrationsDir)).filter((name) => name.endsWith('.sql')).sort();
  const applied = new Set(
    (await db.query<{ name: string }>('SELECT name FROM schema_migrations')).map((row) => row.name),
  );
  return files.filter((name) => !applied.has(name));
}

/** Waits for any other server migrating this schema; released when the transaction ends. */
async function lockMigrations(tx: Queryable): Promise<void> {
  await tx.query("SELECT pg_advisory_xact_lock(hashtext('loyalty:migrate:' || current_schema()))");
}

/** Splits a migration into statements at line-ending semicolons (not those of a $$ function body). */
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
