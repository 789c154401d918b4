import type { Queryable } from '../db/database.ts';

/** One day's working span of a stylist, as absolute instants (worked out in the store's time zone). */
export interface WorkingSpan {
  day: string;
  store: { id: string; name: string; address: string; timeZone: string };
  opens: Date;
  closes: Date;
}

/** A service as the slots need it. */
export interface ServiceTimes {
  durationMinutes: number;
  bufferMinutes: number;
}

const minute = 60_000;

/**
 * The stylist's working spans on the days `from`..`to` (yyyy-mm-dd): a day's exception (a day off, or
 * hours perhaps in another store) wins over the usual week. A local day's hours become instants with
 * the store's own time zone, so a slot is right across a daylight-saving change. With `serviceId`,
 * only spans in stores that offer the service.
 */
export async function workingSpans(
  db: Queryable,
  stylistId: string,
  from: string,
  to: string,
  serviceId: string | null,
): Promise<WorkingSpan[]> {
  const rows = await db.query<{
    day: string;
    store_id: string;
    name: string;
    address: string;
    time_zone: string;
    opens: Date;
    closes: Date;
  }>(
    `WITH days AS (SELECT d::date AS day FROM generate_series($2::date, $3::date, interval '1 day') AS d),
     spans AS (
       SELECT days.day,
              CASE WHEN e.staff_id IS NULL THEN h.store_id ELSE e.store_id END AS store_id,
              CASE WHEN e.staff_id IS NULL THEN h.starts ELSE e.starts END AS starts,
              CASE WHEN e.staff_id IS NULL THEN h.ends ELSE e.ends END AS ends
         FROM days
         LEFT JOIN stylist_hour_exceptions e ON e.staff_id = $1 AND e.day = days.day
         LEFT JOIN stylist_working_hours h ON h.staff_id = $1 AND h.weekday = extract(isodow FROM days.day))
     SELECT s.day::text AS day, st.id AS store_id, st.name, st.address, st.time_zone,
            (s.day + s.starts) AT TIME ZONE st.time_zone AS opens,
            (s.day + s.ends) AT TIME ZONE st.time_zone AS closes
       FROM spans s JOIN stores st ON st.id = s.store_id
      WHERE s.starts IS NOT NULL
        AND ($4::uuid IS NULL OR EXISTS (SELECT 1 FROM appointment_service_stores o
                                          WHERE o.service_id = $4 AND o.store_id = st.id))
      ORDER BY s.day`,
    [stylistId, from, to, serviceId],
  );
  return rows.map((row) => ({
    day: row.day,
    store: { id: row.store_id, name: row.name, address: row.address, timeZone: row.time_zone },
    opens: new Date(row.opens),
    closes: new Date(row.closes),
  }));
}

/** The spans of time the stylist is taken (live appointments, with their preparation), but `except`. */
export async function takenRanges(
  db: Queryable,
  stylistId: string,
  from: Date,
  to: Date,
  except: string | null,
): Promise<{ from: Date; to: Date }[]> {
  const rows = await db.query<{ blocked_from: Date; ends_at: Date }>(
    `SELECT blocked_from, ends_at FROM appointments
      WHERE stylist_id = $1 AND status <> 'cancelled' AND ends_at > $2 AND blocked_from < $3
        AND id IS DISTINCT FROM $4::uuid`,
    [stylistId, from, to, except],
  );
  return rows.map((row) => ({ from: new Date(row.blocked_from), to: new Date(row.ends_at) }));
}

/**
 * Whether an appointment starting at `start` fits the span: its preparation and the whole
 * appointment inside the stylist's hours; with `stepMinutes`, only at a slot's start (members book
 * slots, staff on the phone may book any time inside the hours).
 */
export function fitsSpan(
  span: WorkingSpan,
  service: ServiceTimes,
  start: Date,
  stepMinutes?: number,
): boolean {
  const first = span.opens.getTime() + service.bufferMinutes * minute;
  const end = start.getTime() + service.durationMinutes * minute;
  if (start.getTime() < first || end > span.closes.getTime()) return false;
  return stepMinutes === undefined || (start.getTime() - first) % (stepMinutes * minute) === 0;
}

/** Whether [from, to) overlaps a taken range. */
export function overlapsTaken(taken: { from: Date; to: Date }[], from: Date, to: Date): boolean {
  return taken.some((range) => range.from < to && from < range.to);
}

/** The free slots of the spans after `now`: every `stepMinutes` from the first start the hours allow. */
export function freeSlots(
  spans: WorkingSpan[],
  taken: { from: Date; to: Date }[],
  service: ServiceTimes,
  stepMinutes: number,
  now: Date,
): { startsAt: Date; endsAt: Date; store: WorkingSpan['store'] }[] {
  const slots: { startsAt: Date; endsAt: Date; store: WorkingSpan['store'] }[] = [];
  for (const span of spans) {
    let start = span.opens.getTime() + service.bufferMinutes * minute;
    for (; start + service.durationMinutes * minute <= span.closes.getTime(); start += stepMinutes * minute) {
      if (start <= now.getTime()) continue;
      const startsAt = new Date(start);
      const endsAt = new Date(start + service.durationMinutes * minute);
      if (overlapsTaken(taken, new Date(start - service.bufferMinutes * minute), endsAt)) continue;
      slots.push({ startsAt, endsAt, store: span.store });
    }
  }
  return slots;
}

/** yyyy-mm-dd of an instant plus `days`, in UTC (the range is widened by a day each side for time zones). */
export function utcDay(at: Date, days = 0): string {
  return new Date(at.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}
