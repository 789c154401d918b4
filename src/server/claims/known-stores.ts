import type { Queryable } from '../db/database.ts';

/** How long a server reuses the scheme-wide list: stores open rarely, and it reads every in-store purchase. */
const freshForMs = 10 * 60_000;
/** The most stores offered: a scheme with more would need a search, not a list. */
const mostStores = 300;

const cache = new WeakMap<Queryable, { stores: string[]; until: number }>();

async function ledgerStores(db: Queryable): Promise<string[]> {
  const cached = cache.get(db);
  if (cached && Date.now() < cached.until) return cached.stores;
  const rows = await db.query<{ name: string }>(
    `SELECT DISTINCT store_display_name AS name FROM ledger_entries
      WHERE channel = 'in-store' AND store_display_name IS NOT NULL LIMIT $1`,
    [mostStores],
  );
  const stores = rows.map((row) => row.name);
  cache.set(db, { stores, until: Date.now() + freshForMs });
  return stores;
}

/**
 * The stores the scheme has seen: every store name a till has sent with an in-store purchase, in
 * alphabetical order. The missing-purchase form offers them, since a report matches a kept purchase
 * only when its store names the same store (claim-rows.ts). The scheme-wide list is reused for a few
 * minutes; the purchases kept for unknown cards (the ones a report can match) and the member's own
 * are read each time, so a store that just sent its first purchase is there at once.
 * Store names are the retailer's, the same for every member: nothing of another member's is in it.
 */
export async function knownStores(db: Queryable, accountId: string): Promise<string[]> {
  const [scheme, fresh] = await Promise.all([
    ledgerStores(db),
    db.query<{ name: string }>(
      `SELECT store_display_name AS name FROM unmatched_purchases
        WHERE channel = 'in-store' AND store_display_name IS NOT NULL
       UNION
       SELECT store_display_name FROM ledger_entries
        WHERE account_id = $1 AND channel = 'in-store' AND store_display_name IS NOT NULL`,
      [accountId],
    ),
  ]);
  const names = new Set([...scheme, ...fresh.map((row) => row.name)].filter((name) => name.trim() !== ''));
  return [...names]
    .sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }) || (a < b ? -1 : 1))
    .slice(0, mostStores);
}
