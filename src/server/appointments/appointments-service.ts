import type { Appointment, Slot } from '#shared/api/appointments.ts';
import type { AppContext } from '../app-context.ts';
import { type Queryable, queryOne } from '../db/database.ts';
import { badRequest } from '../http/errors.ts';
import { type AppointmentRow, appointmentSelect, appointmentView, localName } from './appointment-rows.ts';
import { freeSlots, takenRanges, utcDay, workingSpans } from './appointment-slots.ts';

/** The member's appointments still to come (booked, not cancelled), soonest first. */
export async function upcomingAppointments(ctx: AppContext, accountId: string): Promise<Appointment[]> {
  const rows = await ctx.db.query<AppointmentRow>(
    `${appointmentSelect} WHERE a.account_id = $1 AND a.status = 'booked' AND a.ends_at > now()
      ORDER BY a.starts_at LIMIT 50`,
    [accountId],
  );
  const { changeCutoffHours } = ctx.config.appointments;
  return rows.map((row) => appointmentView(row, ctx.config.locale, changeCutoffHours));
}

/**
 * What a member may book: each active service some active stylist offers, with those stylists, the
 * member's own personal shopper first.
 */
export async function bookingOptions(ctx: AppContext, accountId: string) {
  const rows = await ctx.db.query<{
    service_id: string;
    name: Record<string, string>;
    duration_minutes: number;
    stylist_id: string;
    display_name: string;
    yours: boolean;
  }>(
    `SELECT s.id AS service_id, s.name, s.duration_minutes, m.id AS stylist_id,
            COALESCE(p.display_name, m.full_name) AS display_name,
            (m.id = (SELECT personal_shopper_id FROM accounts WHERE id = $1)) IS TRUE AS yours
       FROM appointment_services s
       JOIN appointment_service_stylists o ON o.service_id = s.id
       JOIN staff_members m ON m.id = o.staff_id AND m.is_stylist AND m.deactivated_at IS NULL
       LEFT JOIN stylist_profiles p ON p.staff_id = m.id
      WHERE s.active
      ORDER BY s.created_at, s.id, yours DESC, display_name`,
    [accountId],
  );
  const services = new Map<
    string,
    {
      id: string;
      name: string;
      durationMinutes: number;
      stylists: { id: string; displayName: string; yours: boolean }[];
    }
  >();
  for (const row of rows) {
    let service = services.get(row.service_id);
    if (!service) {
      service = {
        id: row.service_id,
        name: localName(row.name, ctx.config.locale),
        durationMinutes: row.duration_minutes,
        stylists: [],
      };
      services.set(row.service_id, service);
    }
    service.stylists.push({ id: row.stylist_id, displayName: row.display_name, yours: row.yours });
  }
  // The services the member's own stylist offers first.
  return [...services.values()].sort(
    (a, b) => Number(b.stylists[0]?.yours ?? false) - Number(a.stylists[0]?.yours ?? false),
  );
}

/**
 * The free slots of a stylist for a service over the days open for booking. `except`: the member's
 * own appointment being moved, whose time counts as free (it must be theirs).
 */
export async function bookableSlots(
  ctx: AppContext,
  db: Queryable,
  input: { serviceId: string; stylistId: string; except: string | null; accountId: string | null },
): Promise<Slot[]> {
  const service = await queryOne<{ duration_minutes: number; buffer_minutes: number }>(
    db,
    `SELECT s.duration_minutes, s.buffer_minutes FROM appointment_services s
       JOIN appointment_service_stylists o ON o.service_id = s.id AND o.staff_id = $2
       JOIN staff_members m ON m.id = o.staff_id AND m.is_stylist AND m.deactivated_at IS NULL
      WHERE s.id = $1 AND s.active`,
    [input.serviceId, input.stylistId],
  );
  if (!service) throw badRequest('ServiceNotOffered', 'This stylist does not offer this service.');
  const except =
    input.except && input.accountId
      ? ((
          await queryOne<{ id: string }>(
            db,
            'SELECT id FROM appointments WHERE id = $1 AND account_id = $2',
            [input.except, input.accountId],
          )
        )?.id ?? null)
      : input.except;
  const now = new Date();
  const { bookAheadDays, slotStepMinutes } = ctx.config.appointments;
  const spans = await workingSpans(
    db,
    input.stylistId,
    utcDay(now, -1),
    utcDay(now, bookAheadDays),
    input.serviceId,
  );
  const first = spans[0];
  const last = spans.at(-1);
  if (!first || !last) return [];
  const taken = await takenRanges(db, input.stylistId, first.opens, last.closes, except);
  const times = { durationMinutes: service.duration_minutes, bufferMinutes: service.buffer_minutes };
  return freeSlots(spans, taken, times, slotStepMinutes, now).map((slot) => ({
    startsAt: slot.startsAt.toISOString(),
    endsAt: slot.endsAt.toISOString(),
    store: slot.store,
  }));
}
