import type { z } from 'zod';
import type { storeSchema } from '#shared/api/stylists.ts';
import type { Audit } from '../audit/audit-log.ts';
import { type Database, type Queryable, queryOne } from '../db/database.ts';
import { conflict, notFound } from '../http/errors.ts';

/** The scheme's stores: where members meet their stylist, each in its own time zone. */

export type Store = z.output<typeof storeSchema>;

interface StoreRow {
  id: string;
  code: string;
  name: string;
  time_zone: string;
  address: string;
}

interface StoreInput {
  code: string;
  name: string;
  timeZone: string;
  address: string;
}

const storeOf = (row: StoreRow): Store => ({
  id: row.id,
  code: row.code,
  name: row.name,
  timeZone: row.time_zone,
  address: row.address,
});

/** Every store, by name: what other features (appointments, stylists) read. */
export async function listStores(db: Queryable): Promise<Store[]> {
  const rows = await db.query<StoreRow>(
    'SELECT id, code, name, time_zone, address FROM stores ORDER BY name, code',
  );
  return rows.map(storeOf);
}

export async function findStore(db: Queryable, id: string): Promise<Store | undefined> {
  const row = await queryOne<StoreRow>(
    db,
    'SELECT id, code, name, time_zone, address FROM stores WHERE id = $1',
    [id],
  );
  return row ? storeOf(row) : undefined;
}

const codeTaken = (code: string) =>
  conflict('StoreCodeTaken', `Another store has the code ${code}.`, {
    fieldErrors: { code: 'Another store has this code' },
  });

/** Adds a store (audited); a code another store has is a 409 that writes nothing. */
export async function createStore(db: Database, input: StoreInput, audit: Audit) {
  return db.transaction(async (tx) => {
    const row = await queryOne<StoreRow>(
      tx,
      `INSERT INTO stores (code, name, time_zone, address) VALUES ($1, $2, $3, $4)
       ON CONFLICT (code) DO NOTHING RETURNING id, code, name, time_zone, address`,
      [input.code, input.name, input.timeZone, input.address],
    );
    if (!row) throw codeTaken(input.code);
    await audit(tx, { change: { storeId: row.id, ...input } });
    return storeOf(row);
  });
}

/** Changes a store (audited, before and after). */
export async function updateStore(db: Database, id: string, input: StoreInput, audit: Audit) {
  return db.transaction(async (tx) => {
    const before = await queryOne<StoreRow>(
      tx,
      'SELECT id, code, name, time_zone, address FROM stores WHERE id = $1 FOR UPDATE',
      [id],
    );
    if (!before) throw notFound('StoreNotFound', 'There is no store with that id.');
    const clash = await queryOne(tx, 'SELECT 1 FROM stores WHERE code = $1 AND id <> $2', [input.code, id]);
    if (clash) throw codeTaken(input.code);
    const [row] = await tx.query<StoreRow>(
      `UPDATE stores SET code = $2, name = $3, time_zone = $4, address = $5 WHERE id = $1
       RETURNING id, code, name, time_zone, address`,
      [id, input.code, input.name, input.timeZone, input.address],
    );
    if (!row) throw notFound('StoreNotFound', 'There is no store with that id.');
    const { id: _id, ...was } = storeOf(before);
    await audit(tx, { change: { storeId: id, before: was, after: input } });
    return storeOf(row);
  });
}
