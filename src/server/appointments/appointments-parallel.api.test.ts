import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentFixture, storeTime } from '#tests/support/appointments-fixture.ts';
import { createTestApp, type TestApp } from '#tests/support/test-app.ts';

// PostgreSQL only: the embedded database runs one transaction at a time, so nothing races there.
describe.runIf(process.env.TEST_DATABASE_URL)('no slot is ever given twice (PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A hundred members sign in from one address: above its sign-in limit.
    t = await createTestApp({
      config: { signInThrottle: { accountFailures: 5, addressFailures: 1000, windowMinutes: 15 } },
    });
  });
  afterAll(() => t.close());

  it('100 parallel bookings of one slot by 100 members give exactly one appointment; the others a 409', async () => {
    const f = await appointmentFixture(t.ctx.db);
    const members = await Promise.all(Array.from({ length: 100 }, () => t.signedInMember()));
    const startsAt = storeTime(3, '10:00');
    const answers = await Promise.all(
      members.map(({ client }) =>
        client.post('/api/appointments', { serviceId: f.serviceId, stylistId: f.stylistId, startsAt }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(99);
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.error === 'SlotTaken')).toBe(true);
    const rows = await t.ctx.db.query('SELECT id FROM appointments WHERE stylist_id = $1', [f.stylistId]);
    expect(rows).toHaveLength(1);
  });

  it('20 parallel moves of different appointments onto one slot: exactly one lands there', async () => {
    const f = await appointmentFixture(t.ctx.db, { hours: ['08:00', '20:00'], minutes: 30 });
    const members = await Promise.all(Array.from({ length: 20 }, () => t.signedInMember()));
    const booked = await Promise.all(
      members.map(({ client }, i) =>
        client.post<{ appointment: { id: string } }>('/api/appointments', {
          serviceId: f.serviceId,
          stylistId: f.stylistId,
          startsAt: storeTime(4, `${String(8 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`),
        }),
      ),
    );
    expect(booked.every((b) => b.status === 201)).toBe(true);
    const target = storeTime(5, '12:00');
    const moves = await Promise.all(
      members.map(({ client }, i) =>
        client.post('/api/appointments/reschedule', { id: booked[i]?.body.appointment.id, startsAt: target }),
      ),
    );
    expect(moves.filter((m) => m.status === 200)).toHaveLength(1);
    const there = await t.ctx.db.query(
      'SELECT id FROM appointments WHERE stylist_id = $1 AND starts_at = $2',
      [f.stylistId, target],
    );
    expect(there).toHaveLength(1);
  });
});
