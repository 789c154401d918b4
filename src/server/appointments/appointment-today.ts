import type { Locale } from '#shared/config.ts';
import type { Queryable } from '../db/database.ts';
import { type AppointmentRow, appointmentSelect, localName } from './appointment-rows.ts';

/**
 * The member's appointment today, for a store's scan screen: the first live one (booked or already
 * arrived) on today's date in the store's own time zone, in `storeId` when given. Null when none.
 */
export async function appointmentForToday(
  db: Queryable,
  accountId: string,
  options: { storeId?: string; locale: Locale },
) {
  const rows = await db.query<AppointmentRow>(
    `${appointmentSelect}
      WHERE a.account_id = $1 AND a.status IN ('booked', 'arrived')
        AND ($2::uuid IS NULL OR a.store_id = $2)
        AND (a.starts_at AT TIME ZONE st.time_zone)::date = (now() AT TIME ZONE st.time_zone)::date
      ORDER BY a.starts_at LIMIT 1`,
    [accountId, options.storeId ?? null],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.id,
    service: localName(row.service_name, options.locale),
    stylist: { id: row.stylist_id, displayName: row.stylist_name },
    store: { id: row.store_id, name: row.store_name, timeZone: row.time_zone },
    startsAt: new Date(row.starts_at).toISOString(),
    endsAt: new Date(row.ends_at).toISOString(),
    note: row.note,
    status: row.status,
  };
}
