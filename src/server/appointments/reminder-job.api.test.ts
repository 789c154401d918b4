import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentFixture, storeTime } from '#tests/support/appointments-fixture.ts';
import { createTestApp, type TestApp } from '#tests/support/test-app.ts';
import { followTestClock } from '../test-clock.ts';
import { sendAppointmentReminders } from './reminder-job.ts';

// The test clock moves this thread's Date and the embedded database's now() together (test-clock.ts),
// so "the day before" is reached without waiting. PGlite only: PostgreSQL keeps its own clock.
describe.skipIf(process.env.TEST_DATABASE_URL)('the day-before reminder', () => {
  let t: TestApp;
  const buffer = new SharedArrayBuffer(8);
  let restore: () => void;
  const advance = (ms: number) => {
    const offset = new BigInt64Array(buffer);
    Atomics.store(offset, 0, Atomics.load(offset, 0) + BigInt(ms));
  };
  beforeAll(async () => {
    restore = followTestClock(buffer);
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
    restore();
  });

  it('is written once, the day before, through the outbox, even when the job runs in parallel', async () => {
    const f = await appointmentFixture(t.ctx.db);
    const { client, email } = await t.signedInMember({ name: 'Grace Hopper' });
    const booked = await client.post<{ appointment: { id: string } }>('/api/appointments', {
      serviceId: f.serviceId,
      stylistId: f.stylistId,
      startsAt: storeTime(3, '10:00'),
    });
    expect(booked.status).toBe(201);
    // Two days before: nothing yet.
    expect(await sendAppointmentReminders(t.ctx)).toBe(0);
    // To 23 hours before it starts.
    advance(Date.parse(storeTime(3, '10:00')) - Date.now() - 23 * 3_600_000);
    const runs = await Promise.all([sendAppointmentReminders(t.ctx), sendAppointmentReminders(t.ctx)]);
    expect(runs[0] + runs[1]).toBe(1);
    expect(await sendAppointmentReminders(t.ctx)).toBe(0);
    await t.ctx.outbox.drain();
    const reminders = t.mails.filter((m) => m.to === email && m.subject.startsWith('Tomorrow'));
    expect(reminders).toHaveLength(1);
    expect(reminders[0]?.text).toContain('Styling session with Sophie Turner');
    expect(reminders[0]?.attachments?.[0]?.contentType).toContain('method=REQUEST');
  });

  it('a cancelled appointment, or one booked within the day, has no reminder', async () => {
    const f = await appointmentFixture(t.ctx.db);
    const { client, email } = await t.signedInMember();
    const cancelled = await client.post<{ appointment: { id: string } }>('/api/appointments', {
      serviceId: f.serviceId,
      stylistId: f.stylistId,
      startsAt: storeTime(1, '15:00'),
    });
    await client.post('/api/appointments/cancel', { id: cancelled.body.appointment.id });
    advance(3_600_000);
    await sendAppointmentReminders(t.ctx);
    await t.ctx.outbox.drain();
    expect(t.mails.filter((m) => m.to === email && m.subject.startsWith('Tomorrow'))).toEqual([]);
  });
});

// On either database: the appointment is put a day ahead in SQL (a booking a week earlier, starting in
// 23 hours), so the parallel claim is also proved on PostgreSQL, whose clock no test moves.
describe('the day-before reminder, on either database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('five servers running the job at once write one reminder', async () => {
    const f = await appointmentFixture(t.ctx.db);
    const { client, email } = await t.signedInMember({ name: 'Ada Lovelace' });
    const booked = await client.post<{ appointment: { id: string } }>('/api/appointments', {
      serviceId: f.serviceId,
      stylistId: f.stylistId,
      startsAt: storeTime(3, '11:00'),
    });
    expect(booked.status).toBe(201);
    await t.ctx.db.query(
      `UPDATE appointments
          SET blocked_from = now() + interval '23 hours', starts_at = now() + interval '23 hours',
              ends_at = now() + interval '24 hours', created_at = now() - interval '7 days',
              updated_at = now() - interval '7 days'
        WHERE id = $1`,
      [booked.body.appointment.id],
    );
    const runs = await Promise.all(Array.from({ length: 5 }, () => sendAppointmentReminders(t.ctx)));
    expect(runs.reduce((sum, run) => sum + run, 0)).toBe(1);
    await t.ctx.outbox.drain();
    expect(t.mails.filter((m) => m.to === email && m.subject.startsWith('Tomorrow'))).toHaveLength(1);
  });
});
