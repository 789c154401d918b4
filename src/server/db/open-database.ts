import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { lockDataDir } from './data-dir-lock.ts';
import type { Database } from './database.ts';
import { openPglite, type PgliteDatabase } from './pglite.ts';
import { makePrivateDir } from './private-dir.ts';

/**
 * PostgreSQL when DATABASE_URL is set, otherwise the embedded PGlite under DATA_DIR/db, which this
 * process then holds alone until close (data-dir-lock.ts). DATA_DIR is private to this user either way.
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
}): Promise<Database & Partial<Pick<PgliteDatabase, 'diskSyncs'>>> {
  await makePrivateDir(options.dataDir);
  if (options.databaseUrl) {
    // The pg driver is loaded only by a server that uses it.
    const { openPostgres } = await import('./postgres.ts');
    return openPostgres(options.databaseUrl);
  }
  const lock = lockDataDir(options.dataDir);
  try {
    const dir = join(options.dataDir, 'db');
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const db = await openPglite(dir);
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
