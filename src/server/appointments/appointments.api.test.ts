import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentFixture, storeTime } from '#tests/support/appointments-fixture.ts';
import { createTestApp, type TestApp } from '#tests/support/test-app.ts';

let t: TestApp;
let f: Awaited<ReturnType<typeof appointmentFixture>>;
beforeAll(async () => {
  t = await createTestApp();
  f = await appointmentFixture(t.ctx.db);
});
afterAll(() => t.close());

const count = async () =>
  Number((await t.ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM appointments'))[0]?.n);

async function book(
  client: Awaited<ReturnType<TestApp['signedInMember']>>['client'],
  startsAt: string,
  extra = {},
) {
  return client.post<{ appointment: { id: string; startsAt: string; changeable: boolean; status: string } }>(
    '/api/appointments',
    {
      serviceId: f.serviceId,
      stylistId: f.stylistId,
      startsAt,
      note: 'A suit for a wedding in March',
      ...extra,
    },
  );
}

function parseIcs(content: string) {
  const calendar = new ICAL.Component(ICAL.parse(content));
  // The file's own VTIMEZONE defines its TZID: the times are read through it.
  const zone = calendar.getFirstSubcomponent('vtimezone');
  if (zone) ICAL.TimezoneService.register(zone);
  const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent') ?? undefined);
  return { calendar, event };
}

describe('booking an appointment', () => {
  it('lists the service with its stylist and free slots in the store time zone', async () => {
    const { client } = await t.signedInMember();
    const options = await client.get<{ services: { id: string; stylists: { id: string }[] }[] }>(
      '/api/appointments/options',
    );
    expect(options.status).toBe(200);
    const service = options.body.services.find((s) => s.id === f.serviceId);
    expect(service?.stylists.map((s) => s.id)).toContain(f.stylistId);
    const slots = await client.get<{ slots: { startsAt: string; store: { timeZone: string } }[] }>(
      `/api/appointments/slots?serviceId=${f.serviceId}&stylistId=${f.stylistId}`,
    );
    expect(slots.status).toBe(200);
    expect(slots.body.slots.map((s) => s.startsAt)).toContain(storeTime(3, '10:00'));
    expect(slots.body.slots[0]?.store.timeZone).toBe('Europe/London');
  });

  it('books a free slot, confirms it by email with an .ics (UID, TZID, METHOD REQUEST) and takes the slot off the list', async () => {
    const { client, email } = await t.signedInMember({ name: 'Ada Lovelace' });
    const startsAt = storeTime(3, '11:00');
    const booked = await book(client, startsAt);
    expect(booked.status).toBe(201);
    expect(booked.body.appointment).toMatchObject({ startsAt, status: 'booked', changeable: true });
    const mail = t.mails.find((m) => m.to === email);
    expect(mail?.subject).toMatch(/^Booked: Styling session/);
    const ics = mail?.attachments?.[0];
    expect(ics?.contentType).toContain('method=REQUEST');
    const { calendar, event } = parseIcs(ics?.content ?? '');
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    expect(event.uid).toMatch(/@/);
    expect(event.sequence).toBe(0);
    expect(event.component.getFirstProperty('dtstart')?.getParameter('tzid')).toBe('Europe/London');
    expect(event.startDate.zone?.tzid).toBe('Europe/London');
    expect(event.startDate.toJSDate().toISOString()).toBe(startsAt);
    expect(event.endDate.toJSDate().getTime() - event.startDate.toJSDate().getTime()).toBe(3_600_000);
    expect(calendar.getFirstSubcomponent('vtimezone')?.getFirstPropertyValue('tzid')).toBe('Europe/London');
    const listed = await client.get<{ appointments: { id: string; note: string }[] }>('/api/appointments');
    expect(listed.body.appointments).toEqual([
      expect.objectContaining({ id: booked.body.appointment.id, note: 'A suit for a wedding in March' }),
    ]);
    const slots = await client.get<{ slots: { startsAt: string }[] }>(
      `/api/appointments/slots?serviceId=${f.serviceId}&stylistId=${f.stylistId}`,
    );
    expect(slots.body.slots.map((s) => s.startsAt)).not.toContain(startsAt);
  });

  it('reschedules (same UID, SEQUENCE 1) and cancels (METHOD CANCEL, SEQUENCE 2)', async () => {
    const { client, email } = await t.signedInMember();
    const booked = await book(client, storeTime(4, '09:00'));
    const uid = parseIcs(t.mails.find((m) => m.to === email)?.attachments?.[0]?.content ?? '').event.uid;
    const moved = await client.post('/api/appointments/reschedule', {
      id: booked.body.appointment.id,
      startsAt: storeTime(4, '14:00'),
    });
    expect(moved.status).toBe(200);
    const movedMail = t.mails.find((m) => m.to === email && m.subject.startsWith('Moved'));
    const movedEvent = parseIcs(movedMail?.attachments?.[0]?.content ?? '').event;
    expect(movedEvent.uid).toBe(uid);
    expect(movedEvent.sequence).toBe(1);
    expect(movedEvent.startDate.toJSDate().toISOString()).toBe(storeTime(4, '14:00'));
    const cancelled = await client.post('/api/appointments/cancel', { id: booked.body.appointment.id });
    expect(cancelled.status).toBe(200);
    const cancelMail = t.mails.find((m) => m.to === email && m.subject.startsWith('Cancelled'));
    const parsed = parseIcs(cancelMail?.attachments?.[0]?.content ?? '');
    expect(parsed.calendar.getFirstPropertyValue('method')).toBe('CANCEL');
    expect(parsed.event.uid).toBe(uid);
    expect(parsed.event.sequence).toBe(2);
    // The time is free again.
    expect((await book(client, storeTime(4, '14:00'))).status).toBe(201);
  });
});

describe('bad bookings: each a clear 4xx that writes nothing', () => {
  it('a slot in the past, outside working hours, off the slot grid, overlapping, a stylist who does not offer the service', async () => {
    const { client } = await t.signedInMember();
    const other = await t.signedInMember();
    expect((await book(other.client, storeTime(5, '10:00'))).status).toBe(201);
    const before = await count();
    const mailsBefore = t.mails.length;
    const past = await book(client, storeTime(-1, '10:00'));
    expect([past.status, past.body]).toEqual([400, expect.objectContaining({ error: 'SlotInPast' })]);
    const evening = await book(client, storeTime(5, '18:00'));
    expect([evening.status, evening.body]).toEqual([
      400,
      expect.objectContaining({ error: 'OutsideWorkingHours' }),
    ]);
    const late = await book(client, storeTime(5, '16:30'));
    expect(late.body).toMatchObject({ error: 'OutsideWorkingHours' });
    const offGrid = await book(client, storeTime(5, '10:10'));
    expect(offGrid.body).toMatchObject({ error: 'OutsideWorkingHours' });
    const overlap = await book(client, storeTime(5, '10:30'));
    expect([overlap.status, overlap.body]).toEqual([409, expect.objectContaining({ error: 'SlotTaken' })]);
    const same = await book(client, storeTime(5, '10:00'));
    expect(same.status).toBe(409);
    const g = await appointmentFixture(t.ctx.db);
    const notOffered = await book(client, storeTime(5, '12:00'), { stylistId: g.stylistId });
    expect([notOffered.status, notOffered.body]).toEqual([
      400,
      expect.objectContaining({ error: 'ServiceNotOffered' }),
    ]);
    const badInput = await book(client, 'tomorrow at ten');
    expect(badInput.status).toBe(400);
    const longNote = await book(client, storeTime(6, '10:00'), { note: 'x'.repeat(501) });
    expect(longNote.status).toBe(400);
    expect(await count()).toBe(before);
    expect(t.mails.length).toBe(mailsBefore);
  });

  it("another member's appointment cannot be seen, moved or cancelled", async () => {
    const owner = await t.signedInMember();
    const booked = await book(owner.client, storeTime(6, '11:00'));
    const { client } = await t.signedInMember();
    const cancel = await client.post('/api/appointments/cancel', { id: booked.body.appointment.id });
    expect([cancel.status, cancel.body]).toEqual([
      404,
      expect.objectContaining({ error: 'AppointmentNotFound' }),
    ]);
    const move = await client.post('/api/appointments/reschedule', {
      id: booked.body.appointment.id,
      startsAt: storeTime(6, '13:00'),
    });
    expect(move.status).toBe(404);
    const list = await client.get<{ appointments: unknown[] }>('/api/appointments');
    expect(list.body.appointments).toEqual([]);
    const row = await t.ctx.db.query<{ status: string; starts_at: Date }>(
      'SELECT status, starts_at FROM appointments WHERE id = $1',
      [booked.body.appointment.id],
    );
    expect(row[0]).toMatchObject({ status: 'booked', starts_at: new Date(storeTime(6, '11:00')) });
  });

  it('after the cut-off the member can neither move nor cancel (they call the store)', async () => {
    const { client, loyaltyId } = await t.signedInMember();
    // An appointment in three hours, inside the 24-hour cut-off, written as staff would on the phone.
    const at = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 2 * 3_600_000);
    const account = await t.ctx.db.query<{ id: string }>('SELECT id FROM accounts WHERE loyalty_id = $1', [
      loyaltyId,
    ]);
    const [row] = await t.ctx.db.query<{ id: string }>(
      `INSERT INTO appointments (uid, account_id, stylist_id, service_id, store_id, starts_at, ends_at, blocked_from, booked_by)
       VALUES ('cutoff@test', $1, $2, $3, $4, $5, $5::timestamptz + interval '1 hour', $5, 'staff') RETURNING id`,
      [account[0]?.id, f.stylistId, f.serviceId, f.storeId, at],
    );
    const listed = await client.get<{ appointments: { id: string; changeable: boolean }[] }>(
      '/api/appointments',
    );
    expect(listed.body.appointments.find((a) => a.id === row?.id)?.changeable).toBe(false);
    const cancel = await client.post('/api/appointments/cancel', { id: row?.id });
    expect([cancel.status, cancel.body]).toEqual([
      409,
      expect.objectContaining({ error: 'PastChangeCutoff' }),
    ]);
    const move = await client.post('/api/appointments/reschedule', {
      id: row?.id,
      startsAt: storeTime(7, '10:00'),
    });
    expect(move.body).toMatchObject({ error: 'PastChangeCutoff' });
    const [after] = await t.ctx.db.query<{ status: string; sequence: number }>(
      'SELECT status, sequence FROM appointments WHERE id = $1',
      [row?.id],
    );
    expect(after).toEqual({ status: 'booked', sequence: 0 });
  });

  it('signed out: 401', async () => {
    const res = await t.client().get('/api/appointments');
    expect(res.status).toBe(401);
  });
});

describe('privacy: the data export holds appointments and notes; erasure deletes them', () => {
  it('exports the appointment with its note, and deleting the account deletes the appointment', async () => {
    const { client, email } = await t.signedInMember();
    const booked = await book(client, storeTime(8, '15:00'), { note: 'Linen for a summer wedding' });
    const exported = await client.get<{ appointments: { note: string; status: string; startsAt: string }[] }>(
      '/api/privacy/export',
    );
    expect(exported.status).toBe(200);
    expect(exported.body.appointments).toEqual([
      expect.objectContaining({
        note: 'Linen for a summer wedding',
        status: 'booked',
        startsAt: storeTime(8, '15:00'),
      }),
    ]);
    const deleted = await client.post('/api/delete-account', { username: email });
    expect(deleted.status).toBe(200);
    const rows = await t.ctx.db.query('SELECT 1 FROM appointments WHERE id = $1', [
      booked.body.appointment.id,
    ]);
    expect(rows).toEqual([]);
    const notes = await t.ctx.db.query("SELECT 1 FROM audit_log WHERE change::text LIKE '%summer wedding%'");
    expect(notes).toEqual([]);
  });
});
