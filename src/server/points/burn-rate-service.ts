import type { Queryable } from '../db/database.ts';

/** Sets the first (the only used, SPEC §3) burn-rate entry. */
export async function setBurnRate(
  db: Queryable,
  rate: { pointsLevel: number; cashValue: number },
): Promise<void> {
  await db.query(
    `INSERT INTO burn_rates (position, points_level, cash_value) VALUES (1, $1, $2)
     ON CONFLICT (position) DO UPDATE SET points_level = EXCLUDED.points_level, cash_value = EXCLUDED.cash_value`,
    [rate.pointsLevel, rate.cashValue],
  );
}
