import type { Audit } from '../audit/audit-log.ts';
import type { Database } from '../db/database.ts';

/** Sets the first (the only used, SPEC §3) burn-rate entry; audited with the rate before and after. */
export async function setBurnRate(
  db: Database,
  rate: { pointsLevel: number; cashValue: number },
  audit: Audit,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.query<{ pointsLevel: number; cashValue: number }>(
      'SELECT points_level AS "pointsLevel", cash_value AS "cashValue" FROM burn_rates WHERE position = 1 FOR UPDATE',
    );
    await tx.query(
      `INSERT INTO burn_rates (position, points_level, cash_value) VALUES (1, $1, $2)
       ON CONFLICT (position) DO UPDATE SET points_level = EXCLUDED.points_level, cash_value = EXCLUDED.cash_value`,
      [rate.pointsLevel, rate.cashValue],
    );
    await audit(tx, { change: { before: before ?? null, after: rate } });
  });
}
