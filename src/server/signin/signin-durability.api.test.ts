import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '#tests/support/test-app.ts';
import { migrate } from '../db/migrate.ts';
import type { PgliteDatabase } from '../db/pglite.ts';
import { openPgliteThread } from '../db/pglite-thread.ts';

/**
 * A sign-in waits for the disk once: its throttle slot is committed without waiting
 * (rate-limits.ts takeSlotSyncedLater) and reaches the disk with the session's commit, or, for a
 * wrong password, with a flush before the 401. On the embedded database in a folder, as `npm start`
 * opens it, where each fsync is counted and the write-ahead log's positions can be read.
 */
const dir = mkdtempSync(join(tmpdir(), 'loyalty-signin-sync-'));
let db: PgliteDatabase;
let t: TestApp;
const password = 'correct-horse-battery';
let email = '';
let browser: TestClient;

beforeAll(async () => {
  db = await openPgliteThread(dir);
  await migrate(db);
  // Settle the catalogue: the migration runner's CREATE OR REPLACE of the database functions leaves old
  // rows of pg_proc behind, and the first look-up of such a function later prunes its page, a write
  // to the log that is no transaction's and that the assertions below would count as the sign-in's.
  await db.exec('VACUUM');
  t = await createTestApp({ db });
  email = `durable-${Date.now()}@example.com`;
  expect((await t.partner('POST', '/members', { email, name: 'Dee Rable', password })).status).toBe(201);
  browser = t.client();
  // Signed in once, so this browser is known and later sign-ins write no new-sign-in email.
  expect((await browser.post('/api/login', { username: email, password })).status).toBe(200);
}, 120_000);
afterAll(async () => {
  await t.close();
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Whether everything written so far is on disk: the log flushed up to where the next record goes. */
async function allOnDisk(): Promise<boolean> {
  const [row] = await db.query<{ flushed: boolean }>(
    'SELECT pg_current_wal_flush_lsn() >= pg_current_wal_insert_lsn() AS flushed',
  );
  return row?.flushed ?? false;
}

describe('sign-in on the embedded database: one wait for the disk, nothing acknowledged unflushed', () => {
  it('the right password: one fsync, and the session is on disk when the member is told', async () => {
    const before = db.diskSyncs();
    expect((await browser.post('/api/login', { username: email, password })).status).toBe(200);
    expect(db.diskSyncs() - before).toBe(1);
    expect(await allOnDisk()).toBe(true);
  });

  it('a wrong password: the slot it keeps is on disk before the 401', async () => {
    const before = db.diskSyncs();
    const res = await browser.post('/api/login', { username: email, password: 'not-the-password' });
    expect(res.status).toBe(401);
    expect(db.diskSyncs() - before).toBeGreaterThanOrEqual(1);
    expect(await allOnDisk()).toBe(true);
    const [slots] = await db.query<{ hits: number }>(
      "SELECT cardinality(hits) AS hits FROM rate_limit_counters WHERE bucket = 'sign-in-account'",
    );
    expect(slots?.hits).toBe(1);
  });

  it('a re-confirmation with a wrong password: the same', async () => {
    const res = await browser.post('/api/reauthenticate/password', { password: 'not-the-password' });
    expect(res.status).toBe(401);
    expect(await allOnDisk()).toBe(true);
  });
});
