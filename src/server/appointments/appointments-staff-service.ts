import type { z } from 'zod';
import type { staffAppointmentSchema, staffServiceSchema } from '#shared/api/staff-appointments.ts';
import type { Locale } from '#shared/config.ts';
import type { Audit } from '../audit/audit-log.ts';
import { type Database, type Queryable, queryOne } from '../db/database.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { type AppointmentRow, appointmentSelect, localName } from './appointment-rows.ts';
import { workingSpans } from './appointment-slots.ts';

type StaffService = z.infer<typeof staffServiceSchema>;

const serviceSelect = `SELECT s.id, s.name, s.duration_minutes, s.buffer_minutes, s.active,
       COALESCE((SELECT array_agg(store_id::text ORDER BY store_id) FROM appointment_service_stores WHERE service_id = s.id), '{}') AS store_ids,
       COALESCE((SELECT array_agg(staff_id::text ORDER BY staff_id) FROM appointment_service_stylists WHERE service_id = s.id), '{}') AS stylist_ids
  FROM appointment_services s`;

interface ServiceRow {
  id: string;
  name: Record<string, string> | string;
  duration_minutes: number;
  buffer_minutes: number;
  active: boolean;
  store_ids: string[];
  stylist_ids: string[];
}

function serviceView(row: ServiceRow): StaffService {
  const name = typeof row.name === 'string' ? (JSON.parse(row.name) as Record<string, string>) : row.name;
  return {
    id: row.id,
    name: { 'en-GB': name['en-GB'] ?? '', 'da-DK': name['da-DK'] ?? '' },
    durationMinutes: row.duration_minutes,
    bufferMinutes: row.buffer_minutes,
    active: row.active,
    storeIds: row.store_ids,
    stylistIds: row.stylist_ids,
  };
}

const hhmm = (value: string) => value.slice(0, 5);

/** Services, stores and stylists (with their weeks and the exceptions from today on) for the console. */
export async function appointmentSetup(db: Queryable) {
  const services = await db.query<ServiceRow>(`${serviceSelect} ORDER BY s.created_at, s.id`);
  const stores = await db.query<{ id: string; name: string; time_zone: string }>(
    'SELECT id, name, time_zone FROM stores ORDER BY name',
  );
  const stylists = await db.query<{ id: string; display_name: string }>(
    `SELECT m.id, COALESCE(p.display_name, m.full_name) AS display_name
       FROM staff_members m LEFT JOIN stylist_profiles p ON p.staff_id = m.id
      WHERE m.is_stylist AND m.deactivated_at IS NULL ORDER BY display_name`,
  );
  const hours = await db.query<{
    staff_id: string;
    weekday: number;
    store_id: string;
    starts: string;
    ends: string;
  }>(
    'SELECT staff_id, weekday, store_id, starts::text, ends::text FROM stylist_working_hours ORDER BY weekday',
  );
  const exceptions = await db.query<{
    staff_id: string;
    day: string;
    store_id: string | null;
    starts: string | null;
    ends: string | null;
  }>(
    `SELECT staff_id, day::text, store_id, starts::text, ends::text FROM stylist_hour_exceptions
      WHERE day >= current_date - 1 ORDER BY day`,
  );
  return {
    services: services.map(serviceView),
    stores: stores.map((s) => ({ id: s.id, name: s.name, timeZone: s.time_zone })),
    stylists: stylists.map((s) => ({
      id: s.id,
      displayName: s.display_name,
      hours: hours
        .filter((h) => h.staff_id === s.id)
        .map((h) => ({
          weekday: h.weekday,
          storeId: h.store_id,
          starts: hhmm(h.starts),
          ends: hhmm(h.ends),
        })),
      exceptions: exceptions.filter((e) => e.staff_id === s.id).map(exceptionView),
    })),
  };
}

function exceptionView(e: {
  day: string;
  store_id: string | null;
  starts: string | null;
  ends: string | null;
}) {
  return {
    day: e.day,
    storeId: e.store_id,
    starts: e.starts ? hhmm(e.starts) : null,
    ends: e.ends ? hhmm(e.ends) : null,
  };
}

async function checkStores(tx: Queryable, ids: string[]) {
  const found = await tx.query<{ id: string }>('SELECT id FROM stores WHERE id = ANY($1::uuid[])', [ids]);
  if (found.length !== new Set(ids).size)
    throw badRequest('StoreNotFound', 'One of the stores does not exist.');
}

async function checkStylists(tx: Queryable, ids: string[]) {
  const found = await tx.query<{ id: string }>(
    'SELECT id FROM staff_members WHERE id = ANY($1::uuid[]) AND is_stylist AND deactivated_at IS NULL',
    [ids],
  );
  if (found.length !== new Set(ids).size)
    throw badRequest('NotAStylist', 'One of them is not an active stylist.');
}

/** Creates or changes a service, with where and by whom it is offered. */
export function saveService(
  db: Database,
  input: {
    id?: string | undefined;
    name: { 'en-GB': string; 'da-DK': string };
    durationMinutes: number;
    bufferMinutes: number;
    active: boolean;
    storeIds: string[];
    stylistIds: string[];
  },
  audit: Audit,
): Promise<StaffService> {
  return db.transaction(async (tx) => {
    await checkStores(tx, input.storeIds);
    await checkStylists(tx, input.stylistIds);
    let id = input.id;
    const values = [JSON.stringify(input.name), input.durationMinutes, input.bufferMinutes, input.active];
    if (id) {
      const updated = await tx.query(
        `UPDATE appointment_services SET name = $2, duration_minutes = $3, buffer_minutes = $4, active = $5,
                updated_at = now() WHERE id = $1 RETURNING id`,
        [id, ...values],
      );
      if (updated.length === 0) throw notFound('ServiceNotFound', 'There is no such service.');
    } else {
      id = (
        await queryOne<{ id: string }>(
          tx,
          `INSERT INTO appointment_services (name, duration_minutes, buffer_minutes, active)
           VALUES ($1, $2, $3, $4) RETURNING id`,
          values,
        )
      )?.id;
    }
    await tx.query('DELETE FROM appointment_service_stores WHERE service_id = $1', [id]);
    await tx.query(
      'INSERT INTO appointment_service_stores (service_id, store_id) SELECT $1, unnest($2::uuid[]) ON CONFLICT DO NOTHING',
      [id, input.storeIds],
    );
    await tx.query('DELETE FROM appointment_service_stylists WHERE service_id = $1', [id]);
    await tx.query(
      'INSERT INTO appointment_service_stylists (service_id, staff_id) SELECT $1, unnest($2::uuid[]) ON CONFLICT DO NOTHING',
      [id, input.stylistIds],
    );
    const row = await queryOne<ServiceRow>(tx, `${serviceSelect} WHERE s.id = $1`, [id]);
    if (!row) throw new Error('the saved service is missing');
    const service = serviceView(row);
    await audit(tx, { change: { serviceId: service.id, ...input, id: undefined } });
    return service;
  });
}

/** Replaces a stylist's usual week. Appointments already booked stay (staff move them if need be). */
export function setHours(
  db: Database,
  stylistId: string,
  hours: { weekday: number; storeId: string; starts: string; ends: string }[],
  audit: Audit,
) {
  return db.transaction(async (tx) => {
    await checkStylists(tx, [stylistId]);
    await checkStores(
      tx,
      hours.map((h) => h.storeId),
    );
    await tx.query('DELETE FROM stylist_working_hours WHERE staff_id = $1', [stylistId]);
    for (const h of hours) {
      await tx.query(
        'INSERT INTO stylist_working_hours (staff_id, weekday, store_id, starts, ends) VALUES ($1, $2, $3, $4, $5)',
        [stylistId, h.weekday, h.storeId, h.starts, h.ends],
      );
    }
    await audit(tx, { change: { stylistId, hours } });
    return [...hours].sort((a, b) => a.weekday - b.weekday);
  });
}

/** Sets (or, with `remove`, clears) one day's exception to a stylist's week. */
export function setException(
  db: Database,
  input: {
    stylistId: string;
    day: string;
    storeId: string | null;
    starts: string | null;
    ends: string | null;
    remove: boolean;
  },
  audit: Audit,
) {
  return db.transaction(async (tx) => {
    await checkStylists(tx, [input.stylistId]);
    if (input.storeId) await checkStores(tx, [input.storeId]);
    await tx.query('DELETE FROM stylist_hour_exceptions WHERE staff_id = $1 AND day = $2', [
      input.stylistId,
      input.day,
    ]);
    if (!input.remove) {
      await tx.query(
        'INSERT INTO stylist_hour_exceptions (staff_id, day, store_id, starts, ends) VALUES ($1, $2, $3, $4, $5)',
        [input.stylistId, input.day, input.storeId, input.starts, input.ends],
      );
    }
    await audit(tx, { change: input });
    const rows = await tx.query<{
      day: string;
      store_id: string | null;
      starts: string | null;
      ends: string | null;
    }>(
      `SELECT day::text, store_id, starts::text, ends::text FROM stylist_hour_exceptions
        WHERE staff_id = $1 AND day >= current_date - 1 ORDER BY day`,
      [input.stylistId],
    );
    return rows.map(exceptionView);
  });
}

type StaffAppointment = z.infer<typeof staffAppointmentSchema>;

export function staffAppointmentView(row: AppointmentRow, locale: Locale): StaffAppointment {
  return {
    id: row.id,
    service: localName(row.service_name, locale),
    serviceId: row.service_id,
    stylistId: row.stylist_id,
    store: { id: row.store_id, name: row.store_name, timeZone: row.time_zone },
    startsAt: new Date(row.starts_at).toISOString(),
    endsAt: new Date(row.ends_at).toISOString(),
    note: row.note,
    status: row.status,
    bookedBy: row.booked_by,
    member: { loyaltyId: row.loyalty_id, fullName: row.member_name },
  };
}

/** A stylist's calendar from `from` for `days` days: their working spans and appointments (cancelled too). */
export async function stylistCalendar(
  db: Queryable,
  stylistId: string,
  from: string,
  days: number,
  locale: Locale,
) {
  const to = new Date(Date.parse(`${from}T00:00:00Z`) + (days - 1) * 86_400_000).toISOString().slice(0, 10);
  const spans = await workingSpans(db, stylistId, from, to, null);
  const rows = await db.query<AppointmentRow>(
    `${appointmentSelect}
      WHERE a.stylist_id = $1
        AND (a.starts_at AT TIME ZONE st.time_zone)::date BETWEEN $2::date AND $3::date
      ORDER BY a.starts_at`,
    [stylistId, from, to],
  );
  return {
    appointments: rows.map((row) => staffAppointmentView(row, locale)),
    spans: spans.map((span) => ({
      day: span.day,
      storeId: span.store.id,
      storeName: span.store.name,
      timeZone: span.store.timeZone,
      opens: span.opens.toISOString(),
      closes: span.closes.toISOString(),
    })),
  };
}

/** The member a phone booking is for, by card number. */
export async function memberByCard(db: Queryable, loyaltyId: string): Promise<string> {
  const row = await queryOne<{ id: string }>(
    db,
    'SELECT id FROM accounts WHERE loyalty_id = $1 AND deleted_at IS NULL',
    [loyaltyId.replace(/\s+/g, '')],
  );
  if (!row) throw notFound('MemberNotFound', 'There is no such member, or they have been deleted.');
  return row.id;
}
