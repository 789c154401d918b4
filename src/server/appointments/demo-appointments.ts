import type { Locale } from '#shared/config.ts';
import { type Queryable, queryOne } from '../db/database.ts';

/**
 * The demo scheme's appointments: a "Personal styling" (and a shorter fitting) that the demo stylist
 * offers in the demo store, Monday to Saturday 10:00-18:00 store time, so the demo member finds free
 * slots in the coming days at once. Idempotent (run it at every start): a stylist who already offers
 * a service is left as they are. The integrator calls it from the demo seed with the demo stylist
 * and store. Answers the service ids.
 */
export async function seedDemoAppointments(
  db: Queryable,
  input: { stylistId: string; storeId: string; locale: Locale },
): Promise<string[]> {
  const offered = await db.query<{ service_id: string }>(
    'SELECT service_id FROM appointment_service_stylists WHERE staff_id = $1',
    [input.stylistId],
  );
  if (offered.length > 0) return offered.map((row) => row.service_id);
  const services = [
    { name: { 'en-GB': 'Personal styling', 'da-DK': 'Personlig styling' }, minutes: 60, buffer: 15 },
    {
      name: { 'en-GB': 'Fitting and alterations', 'da-DK': 'Prøvning og tilpasning' },
      minutes: 30,
      buffer: 0,
    },
  ];
  const ids: string[] = [];
  for (const service of services) {
    const row = await queryOne<{ id: string }>(
      db,
      `INSERT INTO appointment_services (name, duration_minutes, buffer_minutes) VALUES ($1, $2, $3) RETURNING id`,
      [JSON.stringify(service.name), service.minutes, service.buffer],
    );
    if (!row) continue;
    ids.push(row.id);
    await db.query('INSERT INTO appointment_service_stores (service_id, store_id) VALUES ($1, $2)', [
      row.id,
      input.storeId,
    ]);
    await db.query('INSERT INTO appointment_service_stylists (service_id, staff_id) VALUES ($1, $2)', [
      row.id,
      input.stylistId,
    ]);
  }
  await db.query(
    `INSERT INTO stylist_working_hours (staff_id, weekday, store_id, starts, ends)
     SELECT $1, d, $2, '10:00', '18:00' FROM generate_series(1, 6) AS d
     ON CONFLICT (staff_id, weekday) DO NOTHING`,
    [input.stylistId, input.storeId],
  );
  return ids;
}
