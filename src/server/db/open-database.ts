import { join } from 'node:path';
import { lockDataDir } from './data-dir-lock.ts';
import type { Database } from './database.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';
import { makePrivateDir } from './private-dir.ts';

/**
 * PostgreSQL when DATABASE_URL is set, otherwise the embedded PGlite under DATA_DIR/db, which this
 * process then holds alone until close (data-dir-lock.ts). DATA_DIR is private to this user either way.
 */
export async function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  await makePrivateDir(options.dataDir);
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  const lock = lockDataDir(options.dataDir);
  try {
    const db = await openPglite(join(options.dataDir, 'db'));
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
