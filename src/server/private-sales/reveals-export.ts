import type { Locale } from '#shared/config.ts';
import type { Queryable } from '../db/database.ts';

/** The member's revealed codes for their data export: the sale (in `locale`), the code, when. */
export async function revealsForExport(db: Queryable, accountId: string, locale: Locale) {
  const rows = await db.query<{ name: Record<string, string>; code: string; revealed_at: Date }>(
    `SELECT s.name, r.code, r.revealed_at FROM private_sale_reveals r JOIN private_sales s ON s.id = r.sale_id
      WHERE r.account_id = $1 ORDER BY r.revealed_at`,
    [accountId],
  );
  return rows.map((r) => ({
    sale: r.name[locale] ?? r.name['en-GB'] ?? '',
    code: r.code,
    revealedAt: new Date(r.revealed_at).toISOString(),
  }));
}
