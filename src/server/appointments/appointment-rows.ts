import type { Appointment } from '#shared/api/appointments.ts';
import type { Locale } from '#shared/config.ts';
import { type Queryable, queryOne } from '../db/database.ts';

/** An appointment with what its screens and emails show: the service, stylist, store and member. */
export interface AppointmentRow {
  id: string;
  uid: string;
  sequence: number;
  account_id: string;
  stylist_id: string;
  service_id: string;
  store_id: string;
  starts_at: Date;
  ends_at: Date;
  note: string;
  status: Appointment['status'];
  booked_by: 'member' | 'staff';
  service_name: Record<string, string> | string;
  duration_minutes: number;
  stylist_name: string;
  stylist_email: string | null;
  store_name: string;
  store_address: string;
  time_zone: string;
  member_email: string | null;
  member_name: string;
  loyalty_id: string;
}

export const appointmentSelect = `SELECT a.id, a.uid, a.sequence, a.account_id, a.stylist_id, a.service_id, a.store_id,
       a.starts_at, a.ends_at, a.note, a.status, a.booked_by,
       s.name AS service_name, s.duration_minutes,
       COALESCE(p.display_name, m.full_name) AS stylist_name, p.work_email AS stylist_email,
       st.name AS store_name, st.address AS store_address, st.time_zone,
       acc.email AS member_email, acc.full_name AS member_name, acc.loyalty_id
  FROM appointments a
  JOIN appointment_services s ON s.id = a.service_id
  JOIN staff_members m ON m.id = a.stylist_id
  LEFT JOIN stylist_profiles p ON p.staff_id = a.stylist_id
  JOIN stores st ON st.id = a.store_id
  JOIN accounts acc ON acc.id = a.account_id`;

/** One appointment by id (and, for a member, only their own), locked for a change when `lock`. */
export function findAppointment(
  tx: Queryable,
  id: string,
  options: { accountId?: string; lock?: boolean } = {},
): Promise<AppointmentRow | undefined> {
  return queryOne<AppointmentRow>(
    tx,
    `${appointmentSelect} WHERE a.id = $1 AND ($2::uuid IS NULL OR a.account_id = $2)
     ${options.lock ? 'FOR UPDATE OF a' : ''}`,
    [id, options.accountId ?? null],
  );
}

/** A name kept per locale ({"en-GB": …, "da-DK": …}) in the scheme's locale, else any it has. */
export function localName(names: Record<string, string> | string, locale: Locale): string {
  const parsed = typeof names === 'string' ? (JSON.parse(names) as Record<string, string>) : names;
  return parsed[locale] || parsed['en-GB'] || Object.values(parsed)[0] || '';
}

/** The appointment as the member's screens have it. */
export function appointmentView(
  row: AppointmentRow,
  locale: Locale,
  changeCutoffHours: number,
  now = new Date(),
): Appointment {
  const startsAt = new Date(row.starts_at);
  return {
    id: row.id,
    service: {
      id: row.service_id,
      name: localName(row.service_name, locale),
      durationMinutes: row.duration_minutes,
    },
    stylist: { id: row.stylist_id, displayName: row.stylist_name },
    store: { id: row.store_id, name: row.store_name, address: row.store_address, timeZone: row.time_zone },
    startsAt: startsAt.toISOString(),
    endsAt: new Date(row.ends_at).toISOString(),
    note: row.note,
    status: row.status,
    changeable: row.status === 'booked' && beforeCutoff(startsAt, changeCutoffHours, now),
  };
}

/** Whether a member may still move or cancel an appointment starting at `startsAt`. */
export function beforeCutoff(startsAt: Date, changeCutoffHours: number, now = new Date()): boolean {
  return startsAt.getTime() - now.getTime() >= changeCutoffHours * 3_600_000;
}

/** Every appointment of the member, past, cancelled and to come, for their data export. */
export async function exportAppointments(tx: Queryable, accountId: string, locale: Locale) {
  const rows = await tx.query<AppointmentRow & { created_at: Date; reminder_sent_at: Date | null }>(
    `${appointmentSelect.replace('a.booked_by,', 'a.booked_by, a.created_at, a.reminder_sent_at,')}
      WHERE a.account_id = $1 ORDER BY a.starts_at`,
    [accountId],
  );
  return rows.map((row) => ({
    service: localName(row.service_name, locale),
    stylist: row.stylist_name,
    store: row.store_name,
    startsAt: new Date(row.starts_at).toISOString(),
    endsAt: new Date(row.ends_at).toISOString(),
    note: row.note,
    status: row.status,
    bookedBy: row.booked_by,
    bookedAt: new Date(row.created_at).toISOString(),
    reminderSentAt: row.reminder_sent_at ? new Date(row.reminder_sent_at).toISOString() : null,
  }));
}
