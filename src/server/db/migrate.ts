import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Database } from './database.ts';

const migrationsDir = fileURLToPath(new URL('./migrations/', import.meta.url));

/**
 * Applies every checked-in migration not applied yet, in file-name order, each in its own
 * transaction. Migrations are numbered SQL files; features add their own (see docs/decisions.md).
 */
export async function migrate(
  db: Database,
  log: (line: string) => void = () => undefined,
): Promise<string[]> {
  await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    name text PRIMARY KEY,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`);
  const files = (await readdir(migrationsDir)).filter((name) => name.endsWith('.sql')).sort();
  const applied = new Set(
    (await db.query<{ name: string }>('SELECT name FROM schema_migrations')).map((row) => row.name),
  );
  const pending = files.filter((name) => !applied.has(name));
  for (const name of pending) {
    const sql = await readFile(migrationsDir + name, 'utf8');
    await db.transaction(async (tx) => {
      for (const statement of splitStatements(sql)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
    });
    log(`migration applied: ${name}`);
  }
  return pending;
}

/** Splits a migration on `;` at line ends; our migrations keep function bodies out of SQL files. */
function splitStatements(sql: string): string[] {
  return sql
    .split(/;\s*$/m)
    .map((statement) => statement.replace(/^\s*--.*$/gm, '').trim())
    .filter(Boolean);
}
