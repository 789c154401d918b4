import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '#server/db/database.ts';
import { tillPurchase, unique } from '#tests/support/points-fixture.ts';
import { createTestApp, type TestApp } from '#tests/support/test-app.ts';
import { openTestDatabase } from '#tests/support/test-database.ts';

/**
 * The database, failing what a test names: every set statement of purchases (record_purchases), and
 * any statement that carries the poisoned order id (that purchase's own, alone).
 */
const poisoned = unique('poisoned');
function failingDatabase(db: Database): Database {
  const failing =
    (queryable: Queryable): Queryable['query'] =>
    (sql, params = [], options) => {
      if (sql.includes('record_purchases(')) return Promise.reject(new Error('set statement failed'));
      if (params.includes(poisoned)) return Promise.reject(new Error('this purchase failed'));
      return queryable.query(sql, params, options);
    };
  return {
    driver: db.driver,
    query: failing(db),
    transaction: (work) => db.transaction((tx) => work({ query: failing(tx) })),
    exec: (sql) => db.exec(sql),
    close: () => db.close(),
  };
}

let db: Database;
let t: TestApp;
beforeAll(async () => {
  db = await openTestDatabase();
  t = await createTestApp({ db: failingDatabase(db) });
});
afterAll(async () => {
  await t.close();
  await db.close();
});

describe('purchase batch: what one purchase meets is only its own answer', () => {
  it('the set statement failing records each purchase alone; one that fails alone answers its own 500, the others 201', async () => {
    const m = await t.signedInMember();
    const purchases = [
      tillPurchase(m.loyaltyId, { points: 100 }),
      tillPurchase(m.loyaltyId, { orderId: poisoned, points: 200 }),
      tillPurchase(m.loyaltyId, { points: 300 }),
    ];
    const res = await t.partner<{ results: Record<string, unknown>[] }>('POST', '/purchases/batch', {
      purchases,
    });
    expect(res.status).toBe(200);
    expect(res.body.results).toMatchObject([
      { orderId: purchases[0]?.orderId, status: 201, replayed: false, entry: { points: 100 } },
      { orderId: poisoned, status: 500, error: 'ServerError' },
      { orderId: purchases[2]?.orderId, status: 201, replayed: false, entry: { points: 300 } },
    ]);
    const recorded = await db.query<{ order_id: string }>(
      `SELECT order_id FROM ledger_entries
        WHERE account_id = (SELECT id FROM accounts WHERE loyalty_id = $1) ORDER BY points`,
      [m.loyaltyId],
    );
    expect(recorded.map((r) => r.order_id)).toEqual([purchases[0]?.orderId, purchases[2]?.orderId]);
  });
});
