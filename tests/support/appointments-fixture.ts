import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../src/server/db/database.ts';

/**
 * A store, a stylist working every day 09:00-17:00 there (store time) and a service of `minutes`
 * with `buffer` minutes' preparation that the stylist offers in the store: what the appointment
 * tests book against, written as SQL (the consoles that make them are not under test here).
 */
export async function appointmentFixture(
  db: Queryable,
  options: {
    timeZone?: string;
    minutes?: number;
    buffer?: number;
    hours?: [string, string];
    /** A server with the demo data already has a stylist Sophie Turner: its journeys name theirs apart. */
    stylistName?: string;
  } = {},
) {
  const stylistName = options.stylistName ?? 'Sophie Turner';
  const tag = randomBytes(4).toString('hex');
  const [storeRow] = await db.query<{ id: string }>(
    `INSERT INTO stores (code, name, time_zone, address) VALUES ($1, $2, $3, '1 Regent Street, London') RETURNING id`,
    [`S-${tag}`, `Regent Street ${tag}`, options.timeZone ?? 'Europe/London'],
  );
  const store = { id: storeRow?.id ?? '' };
  const [stylistRow] = await db.query<{ id: string }>(
    `INSERT INTO staff_members (email, full_name, role, is_stylist) VALUES ($1, $2, 'support', true) RETURNING id`,
    [`stylist-${tag}@example.com`, stylistName],
  );
  const stylist = { id: stylistRow?.id ?? '' };
  await db.query(
    `INSERT INTO stylist_profiles (staff_id, display_name, work_email, home_store_id) VALUES ($1, $4, $2, $3)`,
    [stylist.id, `stylist-${tag}@example.com`, store.id, stylistName],
  );
  const [serviceRow] = await db.query<{ id: string }>(
    `INSERT INTO appointment_services (name, duration_minutes, buffer_minutes)
     VALUES ('{"en-GB": "Styling session", "da-DK": "Stylingsession"}', $1, $2) RETURNING id`,
    [options.minutes ?? 60, options.buffer ?? 0],
  );
  const service = { id: serviceRow?.id ?? '' };
  await db.query('INSERT INTO appointment_service_stores (service_id, store_id) VALUES ($1, $2)', [
    service.id,
    store.id,
  ]);
  await db.query('INSERT INTO appointment_service_stylists (service_id, staff_id) VALUES ($1, $2)', [
    service.id,
    stylist.id,
  ]);
  const [opens, closes] = options.hours ?? ['09:00', '17:00'];
  await db.query(
    `INSERT INTO stylist_working_hours (staff_id, weekday, store_id, starts, ends)
     SELECT $1, d, $2, $3::time, $4::time FROM generate_series(1, 7) AS d`,
    [stylist.id, store.id, opens, closes],
  );
  return { storeId: store.id, stylistId: stylist.id, serviceId: service.id };
}

/** A day `days` from now at `time` in the zone, as an ISO instant (the test runs in UTC). */
export function storeTime(days: number, time: string, timeZone = 'Europe/London'): string {
  const day = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const guess = new Date(`${day}T${time}:00Z`);
  const local = new Date(guess.toLocaleString('en-US', { timeZone }));
  const utc = new Date(guess.toLocaleString('en-US', { timeZone: 'UTC' }));
  return new Date(guess.getTime() - (local.getTime() - utc.getTime())).toISOString();
}
