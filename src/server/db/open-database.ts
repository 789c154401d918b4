import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, open, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { lockDataDir } from './data-dir-lock.ts';
import type { Database } from './database.ts';
import { migratedTemplate } from './db-template.ts';
import type { PgliteDatabase } from './pglite.ts';
import { openPgliteThread } from './pglite-thread.ts';
import type { PostgresOptions } from './postgres-options.ts';
import { makePrivateDir } from './private-dir.ts';

/**
 * PostgreSQL when DATABASE_URL is set, otherwise the embedded PGlite under DATA_DIR/db, which this
 * process then holds alone until close (data-dir-lock.ts). DATA_DIR is private to this user either way.
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  /** The pool and its timeouts (PostgreSQL only). */
  postgres?: Partial<PostgresOptions>;
  /** Where a lost idle connection is reported (PostgreSQL only). */
  log?: (message: string, error: unknown) => void;
  dataDir: string;
  /** Where the migrated template is (tests); default: the build's, beside the migrations. */
  templatePath?: string;
}): Promise<Database & Partial<Pick<PgliteDatabase, 'diskSyncs'>>> {
  await makePrivateDir(options.dataDir);
  if (options.databaseUrl) {
    // The pg driver is loaded only by a server that uses it.
    const { openPostgres } = await import('./postgres.ts');
    return openPostgres(options.databaseUrl, options.postgres, options.log);
  }
  const lock = lockDataDir(options.dataDir);
  try {
    const dir = join(options.dataDir, 'db');
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const db = await openEmbedded(options.dataDir, dir, options.templatePath);
    return {
      ...db,
      close: async () => {
        await db.close();
        lock.release();
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}

/**
 * PGlite in DATA_DIR/db. A fresh folder starts from the build's migrated template (no initdb, no
 * migrations to run). The template's files are written unsynced, so they are flushed to disk (one
 * syncfs) before the server may acknowledge anything; a marker beside the folder says a load is under
 * way, so a load cut short (kill -9, power) is started again instead of opening half a database.
 */
async function openEmbedded(dataDir: string, dir: string, templatePath?: string): Promise<PgliteDatabase> {
  const loading = join(dataDir, 'db-template-loading');
  if (existsSync(loading)) {
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true, mode: 0o700 });
  }
  const template = existsSync(join(dir, 'PG_VERSION')) ? undefined : await migratedTemplate(templatePath);
  if (!template) return openPgliteThread(dir);
  await writeFile(loading, '', { mode: 0o600 });
  const db = await openPgliteThread(dir, { loadDataDir: template });
  await flushToDisk(dir);
  await rm(loading);
  return db;
}

/** Every file under `dir` on the disk: syncfs (`sync -f`) where there is one, else fsync each. */
async function flushToDisk(dir: string): Promise<void> {
  try {
    await promisify(execFile)('sync', ['-f', dir]);
    return;
  } catch {
    // No coreutils sync with -f: fall back to fsync on every file and folder.
  }
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  for (const path of [...entries.map((entry) => join(entry.parentPath, entry.name)), dir]) {
    const handle = await open(path, 'r');
    await handle.sync();
    await handle.close();
  }
}
