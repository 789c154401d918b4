import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './open-database.ts';

/** The embedded default (PGlite in DATA_DIR/db) as npm start opens it, under the usual umask 022. */
describe('embedded database in DATA_DIR', () => {
  const dataDir = join(mkdtempSync(join(tmpdir(), 'loyalty-embedded-')), 'data');
  let db: Awaited<ReturnType<typeof openDatabase>>;
  const umask = process.umask(0o022);

  beforeAll(async () => {
    // What an older version left behind: PGlite's world-writable files.
    mkdirSync(join(dataDir, 'outbox'), { recursive: true, mode: 0o777 });
    chmodSync(dataDir, 0o755);
    writeFileSync(join(dataDir, 'outbox', 'old.eml'), 'x', { mode: 0o666 });
    chmodSync(join(dataDir, 'outbox', 'old.eml'), 0o666);
    db = await openDatabase({ dataDir });
    await db.exec('CREATE TABLE IF NOT EXISTS probe (id serial PRIMARY KEY)');
  }, 120_000);
  afterAll(async () => {
    await db.close();
    process.umask(umask);
    rmSync(join(dataDir, '..'), { recursive: true, force: true });
  });

  it('embedded database: every commit is forced to disk (fsync) before it is acknowledged', async () => {
    for (let i = 0; i < 5; i++) {
      const before = db.diskSyncs?.() ?? 0;
      await db.transaction((tx) => tx.query('INSERT INTO probe DEFAULT VALUES'));
      expect((db.diskSyncs?.() ?? 0) - before).toBeGreaterThanOrEqual(1);
    }
    expect(await db.query('SHOW fsync')).toEqual([{ fsync: 'on' }]);
  });

  it('embedded database: the data directory and everything in it is private (folders 0700, files 0600)', () => {
    const open: string[] = [];
    const walk = (path: string) => {
      const stat = statSync(path);
      if (stat.mode & 0o077) open.push(`${(stat.mode & 0o777).toString(8)} ${path}`);
      if (stat.isDirectory()) for (const name of readdirSync(path)) walk(join(path, name));
    };
    walk(dataDir);
    expect(open).toEqual([]);
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(statSync(join(dataDir, 'db', 'PG_VERSION')).mode & 0o777).toBe(0o600);
    expect(statSync(join(dataDir, 'outbox', 'old.eml')).mode & 0o777).toBe(0o600);
  });
});
