import type { Queryable } from '../db/database.ts';

/**
 * A member's store visits for their data export: when and in which store, not which staff member
 * recorded it (a person of the retailer, not the member's data). Erased with the account: the row
 * references it NOT NULL, so the deletion finds and deletes it from the schema.
 */
export async function storeVisitsForExport(tx: Queryable, accountId: string) {
  const rows = await tx.query<{ visited_at: Date; store: string; store_code: string }>(
    `SELECT v.visited_at, s.name AS store, s.code AS store_code
       FROM store_visits v JOIN stores s ON s.id = v.store_id
      WHERE v.account_id = $1 ORDER BY v.visited_at, v.id`,
    [accountId],
  );
  return rows.map((r) => ({
    visitedAt: r.visited_at.toISOString(),
    store: r.store,
    storeCode: r.store_code,
  }));
}
