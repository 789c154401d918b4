import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../members/account-service.ts';
import type { PgliteDatabase } from './pglite.ts';
import { openPgliteThread } from './pglite-thread.ts';

/** The embedded database in its worker thread, as `npm start` opens it (open-database.ts). */
describe('embedded database in a worker thread', () => {
  const dir = mkdtempSync(join(tmpdir(), 'loyalty-thread-'));
  let db: PgliteDatabase;

  beforeAll(async () => {
    db = await openPgliteThread(dir);
    await db.exec('CREATE TABLE items (id int PRIMARY KEY, at timestamptz, n bigint, data bytea)');
  }, 120_000);
  afterAll(async () => {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers rows with the same types as in the server thread (dates, integers, bytes)', async () => {
    const at = new Date('2026-03-01T10:00:00Z');
    await db.query('INSERT INTO items VALUES ($1, $2, $3, $4)', [
      1,
      at,
      9_007_199_254_740_991,
      new Uint8Array([1, 2]),
    ]);
    const [row] = await db.query<{ at: Date; n: number; data: Uint8Array }>(
      'SELECT at, n, data FROM items WHERE id = 1',
    );
    expect(row?.at).toEqual(at);
    expect(row?.n).toBe(9_007_199_254_740_991);
    expect([...(row?.data ?? [])]).toEqual([1, 2]);
  });

  it('a PostgreSQL error keeps its code, so callers can tell a unique violation', async () => {
    const error = await db.query('INSERT INTO items (id) VALUES (1)').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(isUniqueViolation(error)).toBe(true);
  });

  it('a transaction commits what its work wrote, and rolls everything back when the work throws', async () => {
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO items (id) VALUES (2)');
      await tx.query('INSERT INTO items (id) VALUES (3)');
    });
    const failed = db.transaction(async (tx) => {
      await tx.query('INSERT INTO items (id) VALUES (4)');
      throw new Error('the work failed');
    });
    await expect(failed).rejects.toThrow('the work failed');
    const violated = db.transaction(async (tx) => {
      await tx.query('INSERT INTO items (id) VALUES (5)');
      await tx.query('INSERT INTO items (id) VALUES (2)');
    });
    await expect(violated).rejects.toMatchObject({ code: '23505' });
    const ids = await db.query<{ id: number }>('SELECT id FROM items ORDER BY id');
    expect(ids.map((row) => row.id)).toEqual([1, 2, 3]);
  });

  it('statements outside a transaction wait for it, as on one connection', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const open = db.transaction(async (tx) => {
      await tx.query('INSERT INTO items (id) VALUES (10)');
      await held;
    });
    const outside = db.query<{ n: number }>('SELECT count(*)::int AS n FROM items WHERE id = 10');
    release();
    await open;
    expect(await outside).toEqual([{ n: 1 }]);
  });

  it("a slow query does not stall the server's event loop", async () => {
    let ticked = false;
    const timer = setTimeout(() => {
      ticked = true;
    }, 1);
    const slow = db.query('SELECT count(*) FROM generate_series(1, 3000000)').then(() => ticked);
    // In the server's own thread the query would hold the event loop until it answered.
    expect(await slow).toBe(true);
    clearTimeout(timer);
  });
});
