import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './database.ts';
import { openPglite } from './pglite.ts';
import { openPgliteThread } from './pglite-thread.ts';

const typed = `SELECT $1::timestamptz AS at, $2::bigint AS n, $3::text[] AS tags, $4::uuid AS id,
                      $5::bytea AS data, $6::boolean AS yes, $7::text AS none, $8::jsonb AS doc`;
const typedParams = [
  new Date('2026-03-01T10:00:00Z'),
  9_007_199_254_740_991,
  ['a', 'b,c', 'd"e'],
  '2f1c6a8e-5b7d-4c1e-9f3a-0d2b4c6e8a10',
  new Uint8Array([1, 2, 255]),
  true,
  null,
  { points: 10 },
];

async function preparedNames(db: Database): Promise<string[]> {
  const rows = await db.query<{ name: string }>('SELECT name FROM pg_prepared_statements ORDER BY name');
  return rows.map((row) => row.name);
}

describe.each([
  ['in this thread', () => openPglite(null)],
  ['in its worker thread', () => openPgliteThread(null)],
])('named prepared statements on the embedded database (%s)', (_where, open) => {
  let db: Database;

  beforeAll(async () => {
    db = await open();
    await db.exec('CREATE TABLE items (id int PRIMARY KEY, note text)');
    await db.exec(`CREATE FUNCTION refuse(p int) RETURNS int LANGUAGE plpgsql AS $$
      BEGIN IF p < 0 THEN RAISE EXCEPTION 'negative' USING ERRCODE = 'LS999'; END IF; RETURN p; END $$`);
  }, 120_000);
  afterAll(async () => {
    await db.close();
  });

  it('is prepared once under its name and answers what the unnamed statement answers', async () => {
    const unnamed = await db.query(typed, typedParams);
    const first = await db.query(typed, typedParams, { prepared: 'typed' });
    const again = await db.query(typed, typedParams, { prepared: 'typed' });
    expect(first).toEqual(unnamed);
    expect(again).toEqual(unnamed);
    expect(await preparedNames(db)).toContain('typed');
  });

  it('parallel first uses of one name prepare it once', async () => {
    const runs = await Promise.all(
      Array.from({ length: 10 }, (_, i) => db.query('SELECT $1::int AS i', [i], { prepared: 'parallel' })),
    );
    expect(runs.map((rows) => rows[0])).toEqual(Array.from({ length: 10 }, (_, i) => ({ i })));
  });

  it('an error keeps its code and leaves the statement usable', async () => {
    const sql = 'SELECT refuse($1) AS p';
    const error = await db.query(sql, [-1], { prepared: 'refuse' }).catch((caught: unknown) => caught);
    expect((error as { code?: string }).code).toBe('LS999');
    expect(await db.query(sql, [2], { prepared: 'refuse' })).toEqual([{ p: 2 }]);
  });

  it('runs inside a transaction: sees its writes, and is undone with it', async () => {
    const insert = 'INSERT INTO items (id, note) VALUES ($1, $2) RETURNING id';
    const count = 'SELECT count(*)::int AS n FROM items WHERE id = $1';
    await db.transaction(async (tx) => {
      await tx.query(insert, [1, 'kept'], { prepared: 'insert-item' });
      expect(await tx.query(count, [1], { prepared: 'count-items' })).toEqual([{ n: 1 }]);
    });
    const failed = db.transaction(async (tx) => {
      await tx.query(insert, [2, 'undone'], { prepared: 'insert-item' });
      throw new Error('work failed');
    });
    await expect(failed).rejects.toThrow('work failed');
    expect(await db.query(count, [2], { prepared: 'count-items' })).toEqual([{ n: 0 }]);
    expect(await db.query(count, [1], { prepared: 'count-items' })).toEqual([{ n: 1 }]);
  });

  it('one name is one text', async () => {
    await db.query('SELECT 1 AS one', [], { prepared: 'one-text' });
    await expect(db.query('SELECT 2 AS two', [], { prepared: 'one-text' })).rejects.toThrow('another text');
  });
});
