import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate, migrationsDir } from './migrate.ts';

/**
 * The embedded database's starting point: PGlite with every migration applied, made
 * once at build time (scripts/build-db-template.ts) and kept beside the bundled migrations. A server
 * opening a fresh DATA_DIR loads it instead of running initdb and the migrations, which took ~6.7
 * CPU-s and a 1 GB peak on every first start.
 */
const templatePath = join(migrationsDir, 'pglite-template.tar.gz');

/** The migrated template a fresh embedded database starts from, when this build has one. */
export async function migratedTemplate(path = templatePath): Promise<Blob | undefined> {
  const bytes = await readFile(path).catch(() => undefined);
  return bytes ? new Blob([bytes], { type: 'application/gzip' }) : undefined;
}

/**
 * Migrates an empty PGlite in a scratch folder, shuts it down cleanly and archives the folder (tar +
 * gzip) at `target`. Cleanly shut down matters: a snapshot of a running database (PGlite's
 * dumpDataDir) starts with crash recovery, which fsyncs every file one by one (seconds here).
 */
export async function buildMigratedTemplate(target = templatePath): Promise<string> {
  // Loaded here only: the server's main thread, which reads the template, never runs PGlite itself.
  const { openPglite } = await import('./pglite.ts');
  const dir = mkdtempSync(join(tmpdir(), 'pglite-template-'));
  try {
    const db = await openPglite(dir, { durable: false });
    await migrate(db);
    await db.close();
    execFileSync('tar', ['-C', dir, '-czf', target, ...readdirSync(dir)]);
    return target;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
