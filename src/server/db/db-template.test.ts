import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMigratedTemplate } from './db-template.ts';
import { migrate } from './migrate.ts';
import { openDatabase } from './open-database.ts';

/** A fresh DATA_DIR starts from the build's migrated template, as `npm start` opens it. */
describe('embedded database from the migrated template', () => {
  const root = mkdtempSync(join(tmpdir(), 'loyalty-template-'));
  const templatePath = join(root, 'template.tar.gz');

  beforeAll(async () => {
    await buildMigratedTemplate(templatePath);
  }, 180_000);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('a fresh data directory opens migrated (nothing left to apply), durable and private', async () => {
    const dataDir = join(root, 'fresh');
    const db = await openDatabase({ dataDir, templatePath });
    try {
      expect(await migrate(db)).toEqual([]);
      await db.exec('CREATE TABLE probe (id serial PRIMARY KEY)');
      const before = db.diskSyncs?.() ?? 0;
      await db.transaction((tx) => tx.query('INSERT INTO probe DEFAULT VALUES'));
      expect((db.diskSyncs?.() ?? 0) - before).toBeGreaterThanOrEqual(1);
      expect(statSync(join(dataDir, 'db', 'PG_VERSION')).mode & 0o777).toBe(0o600);
    } finally {
      await db.close();
    }
    // Opened again, it is the same database (the template is loaded only into an empty folder).
    const again = await openDatabase({ dataDir, templatePath });
    try {
      expect(await again.query('SELECT count(*)::int AS n FROM probe')).toEqual([{ n: 1 }]);
    } finally {
      await again.close();
    }
  }, 180_000);

  it('a load cut short (the marker left behind) is started again on an empty folder', async () => {
    const dataDir = join(root, 'interrupted');
    const first = await openDatabase({ dataDir, templatePath });
    await first.exec('CREATE TABLE half_loaded (id int)');
    await first.close();
    writeFileSync(join(dataDir, 'db-template-loading'), '');
    const db = await openDatabase({ dataDir, templatePath });
    try {
      expect(await db.query("SELECT to_regclass('half_loaded') AS t")).toEqual([{ t: null }]);
      expect(await migrate(db)).toEqual([]);
    } finally {
      await db.close();
    }
  }, 180_000);
});
