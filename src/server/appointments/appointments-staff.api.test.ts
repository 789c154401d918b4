import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentFixture, storeTime } from '#tests/support/appointments-fixture.ts';
import { signedInStaff } from '#tests/support/staff-fixture.ts';
import { createTestApp, type TestApp } from '#tests/support/test-app.ts';
import { appointmentForToday } from './appointment-today.ts';
import { seedDemoAppointments } from './demo-appointments.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const audits = (action: string) =>
  t.ctx.db.query<{ change: Record<string, unknown> }>('SELECT change FROM audit_log WHERE action = $1', [
    action,
  ]);

describe('the console: services, hours and exceptions (managers), audited', () => {
  it('a manager creates a service and sets a week and a day off; support may read but not change them', async () => {
    const f = await appointmentFixture(t.ctx.db);
    const manager = await signedInStaff(t, 'manager');
    const saved = await manager.client.post<{ service: { id: string; storeIds: string[] } }>(
      '/staff-api/appointments/services/save',
      {
        name: { 'en-GB': 'Suit fitting', 'da-DK': 'Prøvning af jakkesæt' },
        durationMinutes: 45,
        bufferMinutes: 15,
        storeIds: [f.storeId],
        stylistIds: [f.stylistId],
      },
    );
    expect(saved.status).toBe(200);
    expect(saved.body.service.storeIds).toEqual([f.storeId]);
    expect(await audits('appointment_service.save')).toHaveLength(1);
    const hours = await manager.client.post('/staff-api/appointments/hours', {
      stylistId: f.stylistId,
      hours: [1, 2, 3, 4, 5].map((weekday) => ({
        weekday,
        storeId: f.storeId,
        starts: '10:00',
        ends: '16:00',
      })),
    });
    expect(hours.status).toBe(200);
    const day = storeTime(9, '00:00').slice(0, 10);
    const off = await manager.client.post('/staff-api/appointments/exceptions', {
      stylistId: f.stylistId,
      day,
    });
    expect(off.status).toBe(200);
    const setup = await manager.client.get<{
      stylists: { id: string; hours: unknown[]; exceptions: unknown[] }[];
    }>('/staff-api/appointments/setup');
    const stylist = setup.body.stylists.find((s) => s.id === f.stylistId);
    expect(stylist?.hours).toHaveLength(5);
    expect(stylist?.exceptions).toEqual([{ day, storeId: null, starts: null, ends: null }]);
    // The day off has no slots.
    const { client } = await t.signedInMember();
    const slots = await client.get<{ slots: { startsAt: string }[] }>(
      `/api/appointments/slots?serviceId=${saved.body.service.id}&stylistId=${f.stylistId}`,
    );
    expect(slots.body.slots.some((s) => s.startsAt.startsWith(day))).toBe(false);

    const support = await signedInStaff(t, 'support');
    expect((await support.client.get('/staff-api/appointments/setup')).status).toBe(200);
    const refused = await support.client.post('/staff-api/appointments/hours', {
      stylistId: f.stylistId,
      hours: [],
    });
    expect(refused.status).toBe(403);
    const badHours = await manager.client.post('/staff-api/appointments/hours', {
      stylistId: f.stylistId,
      hours: [{ weekday: 1, storeId: f.storeId, starts: '16:00', ends: '10:00' }],
    });
    expect(badHours.status).toBe(400);
    expect(await t.client().get('/staff-api/appointments/setup')).toMatchObject({ status: 401 });
  });
});

describe('the console: phone bookings, the calendar, arrived and no-show', () => {
  it('support books for a member by card number, moves, sees the calendar, marks arrived; each audited', async () => {
    const f = await appointmentFixture(t.ctx.db);
    const member = await t.signedInMember();
    const support = await signedInStaff(t, 'support');
    // Staff may book any time inside the hours (not only on the slot grid).
    const booked = await support.client.post<{ appointment: { id: string; bookedBy: string } }>(
      '/staff-api/appointments/book',
      {
        loyaltyId: member.loyaltyId,
        serviceId: f.serviceId,
        stylistId: f.stylistId,
        startsAt: storeTime(2, '10:10'),
        note: 'Called the store',
      },
    );
    expect(booked.status).toBe(201);
    expect(booked.body.appointment.bookedBy).toBe('staff');
    expect(t.mails.find((m) => m.to === member.email)?.subject).toMatch(/^Booked/);
    const outside = await support.client.post('/staff-api/appointments/book', {
      loyaltyId: member.loyaltyId,
      serviceId: f.serviceId,
      stylistId: f.stylistId,
      startsAt: storeTime(2, '07:00'),
    });
    expect(outside.body).toMatchObject({ error: 'OutsideWorkingHours' });
    const nobody = await support.client.post('/staff-api/appointments/book', {
      loyaltyId: '0000000000000',
      serviceId: f.serviceId,
      stylistId: f.stylistId,
      startsAt: storeTime(2, '12:00'),
    });
    expect(nobody.status).toBe(404);
    const moved = await support.client.post('/staff-api/appointments/move', {
      id: booked.body.appointment.id,
      startsAt: storeTime(2, '13:00'),
    });
    expect(moved.status).toBe(200);
    // Moving it by half an hour: its own time counts as free only when the console says which it moves.
    const slotsAt = async (query: string) => {
      const answer = await support.client.get<{ slots: { startsAt: string }[] }>(
        `/staff-api/appointments/slots?serviceId=${f.serviceId}&stylistId=${f.stylistId}${query}`,
      );
      expect(answer.status).toBe(200);
      return answer.body.slots.map((slot) => new Date(slot.startsAt).getTime());
    };
    const halfAnHourLater = new Date(storeTime(2, '13:30')).getTime();
    expect(await slotsAt('')).not.toContain(halfAnHourLater);
    expect(await slotsAt(`&appointmentId=${booked.body.appointment.id}`)).toContain(halfAnHourLater);
    const day = storeTime(2, '12:00').slice(0, 10);
    const calendar = await support.client.get<{
      appointments: { id: string; member: { loyaltyId: string } }[];
      spans: unknown[];
    }>(`/staff-api/appointments/calendar?stylistId=${f.stylistId}&from=${day}&days=7`);
    expect(calendar.status).toBe(200);
    expect(calendar.body.spans).toHaveLength(7);
    expect(calendar.body.appointments).toEqual([
      expect.objectContaining({
        id: booked.body.appointment.id,
        member: expect.objectContaining({ loyaltyId: member.loyaltyId }),
      }),
    ]);
    const marked = await support.client.post<{ appointment: { status: string } }>(
      '/staff-api/appointments/mark',
      {
        id: booked.body.appointment.id,
        status: 'arrived',
      },
    );
    expect(marked.body.appointment.status).toBe('arrived');
    for (const action of ['appointment.book', 'appointment.move', 'appointment.mark']) {
      expect((await audits(action)).length).toBeGreaterThan(0);
    }
    // Arrived: the member can no longer cancel it.
    const cancel = await member.client.post('/api/appointments/cancel', { id: booked.body.appointment.id });
    expect(cancel.status).toBe(409);
  });

  it("appointmentForToday finds today's appointment in the store's day, and none elsewhere", async () => {
    const f = await appointmentFixture(t.ctx.db, { hours: ['00:00', '23:59'], minutes: 5 });
    const member = await t.signedInMember();
    const support = await signedInStaff(t, 'support');
    const soon = new Date(Math.ceil((Date.now() + 600_000) / 300_000) * 300_000);
    const today = soon.toLocaleDateString('en-CA', { timeZone: 'Europe/London' });
    const nowDay = new Date().toLocaleDateString('en-CA', { timeZone: 'Europe/London' });
    const booked = await support.client.post<{ appointment: { id: string } }>(
      '/staff-api/appointments/book',
      {
        loyaltyId: member.loyaltyId,
        serviceId: f.serviceId,
        stylistId: f.stylistId,
        startsAt: soon.toISOString(),
      },
    );
    expect(booked.status).toBe(201);
    const [account] = await t.ctx.db.query<{ id: string }>('SELECT id FROM accounts WHERE loyalty_id = $1', [
      member.loyaltyId,
    ]);
    const found = await appointmentForToday(t.ctx.db, account?.id ?? '', {
      storeId: f.storeId,
      locale: 'en-GB',
    });
    if (today === nowDay) expect(found?.id).toBe(booked.body.appointment.id);
    else expect(found).toBeNull();
    const other = await appointmentFixture(t.ctx.db);
    expect(
      await appointmentForToday(t.ctx.db, account?.id ?? '', { storeId: other.storeId, locale: 'en-GB' }),
    ).toBeNull();
  });

  it('seedDemoAppointments gives a stylist services and hours with free slots, once', async () => {
    const f = await appointmentFixture(t.ctx.db);
    await t.ctx.db.query('DELETE FROM appointment_service_stylists WHERE staff_id = $1', [f.stylistId]);
    await t.ctx.db.query('DELETE FROM stylist_working_hours WHERE staff_id = $1', [f.stylistId]);
    const ids = await seedDemoAppointments(t.ctx.db, {
      stylistId: f.stylistId,
      storeId: f.storeId,
      locale: 'da-DK',
    });
    expect(ids).toHaveLength(2);
    expect(
      await seedDemoAppointments(t.ctx.db, { stylistId: f.stylistId, storeId: f.storeId, locale: 'da-DK' }),
    ).toEqual(ids);
    const { client } = await t.signedInMember();
    const slots = await client.get<{ slots: unknown[] }>(
      `/api/appointments/slots?serviceId=${ids[0]}&stylistId=${f.stylistId}`,
    );
    expect(slots.body.slots.length).toBeGreaterThan(20);
  });
});
