import type { AppContext } from '../app-context.ts';
import type { Queryable } from '../db/database.ts';

/**
 * Two earlier visits of the demo member to the demo store, so Scan a card shows a member with a
 * history at once. Idempotent: a second run (or a second server) adds nothing.
 */
export async function seedDemoStoreVisits(
  ctx: AppContext,
  accountId: string,
  storeId: string,
): Promise<void> {
  await ctx.db.transaction(async (tx: Queryable) => {
    // Serialises two servers seeding at once: the second sees the first's visits.
    await tx.query('SELECT 1 FROM accounts WHERE id = $1 FOR UPDATE', [accountId]);
    await tx.query(
      `INSERT INTO store_visits (id, account_id, store_id, visited_at)
       SELECT gen_random_uuid(), $1, $2, now() - d * interval '1 day'
         FROM (VALUES (12), (40)) days (d)
        WHERE NOT EXISTS (SELECT 1 FROM store_visits WHERE account_id = $1)`,
      [accountId, storeId],
    );
  });
}
