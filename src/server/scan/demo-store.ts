import type { AppContext } from '../app-context.ts';
import type { Queryable } from '../db/database.ts';

/** The demo scheme's store (a documented demo value), in the scheme's country and time zone. */
const demoStores = {
  'en-GB': { code: 'DEMO-LONDON', name: 'Regent Street (demo store)', timeZone: 'Europe/London' },
  'da-DK': { code: 'DEMO-KOBENHAVN', name: 'Strøget (demobutik)', timeZone: 'Europe/Copenhagen' },
} as const;

/**
 * A store to record visits in, and two earlier visits of the demo member, so Scan a card shows a
 * member with a history at once. Idempotent: a second run (or a second server) adds nothing.
 */
export async function seedDemoStoreVisits(ctx: AppContext, accountId: string): Promise<void> {
  const store = demoStores[ctx.config.locale];
  await ctx.db.transaction(async (tx: Queryable) => {
    await tx.query(
      `INSERT INTO stores (code, name, time_zone) VALUES ($1, $2, $3) ON CONFLICT (code) DO NOTHING`,
      [store.code, store.name, store.timeZone],
    );
    // Serialises two servers seeding at once: the second sees the first's visits.
    await tx.query('SELECT 1 FROM accounts WHERE id = $1 FOR UPDATE', [accountId]);
    await tx.query(
      `INSERT INTO store_visits (id, account_id, store_id, visited_at)
       SELECT gen_random_uuid(), $1, s.id, now() - d * interval '1 day'
         FROM stores s CROSS JOIN (VALUES (12), (40)) days (d)
        WHERE s.code = $2 AND NOT EXISTS (SELECT 1 FROM store_visits WHERE account_id = $1)`,
      [accountId, store.code],
    );
  });
}
