import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInStaff } from '#tests/support/staff-fixture.ts';
import { createTestApp, type TestApp } from '#tests/support/test-app.ts';
import { followTestClock } from '../test-clock.ts';
import { sendEventReminders } from './event-reminders.ts';

// The test clock moves this thread's Date and the embedded database's now() together (test-clock.ts),
// so "the day before" is reached without waiting. PGlite only: PostgreSQL keeps its own clock.
describe.skipIf(process.env.TEST_DATABASE_URL)('the day-before reminder of an event', () => {
  let t: TestApp;
  const buffer = new SharedArrayBuffer(8);
  let restore: () => void;
  const advance = (ms: number) => {
    const offset = new BigInt64Array(buffer);
    Atomics.store(offset, 0, Atomics.load(offset, 0) + BigInt(ms));
  };
  beforeAll(async () => {
    restore = followTestClock(buffer);
    t = await createTestApp({ config: { staff: { signInPerAddress: 10_000 } } });
  });
  afterAll(async () => {
    await t.close();
    restore();
  });

  it('goes once to each member attending, through the outbox, not to those who cancelled or wait', async () => {
    const manager = (await signedInStaff(t, 'manager')).client;
    const startsAt = Date.now() + 72 * 3_600_000;
    const created = await manager.post<{ event: { id: string } }>('/staff-api/events', {
      title: { 'en-GB': 'Reminder evening', 'da-DK': 'Påmindelsesaften' },
      description: { 'en-GB': 'Drinks.', 'da-DK': 'Forfriskninger.' },
      imageId: null,
      place: { kind: 'venue', name: 'The Gallery', address: '2 Cork Street, London' },
      startsAt: new Date(startsAt).toISOString(),
      endsAt: new Date(startsAt + 3 * 3_600_000).toISOString(),
      rsvpDeadline: new Date(startsAt - 30 * 3_600_000).toISOString(),
      capacity: 1,
      guestsAllowed: 0,
      audience: { kind: 'all' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.event.id;
    const going = await t.signedInMember({ name: 'Grace Hopper' });
    const waiting = await t.signedInMember();
    await going.client.post(`/api/events/${id}/rsvp`, { answer: 'yes' });
    await waiting.client.post(`/api/events/${id}/rsvp`, { answer: 'waitlist' });
    expect(await sendEventReminders(t.ctx)).toBe(0);
    advance(startsAt - Date.now() - 23 * 3_600_000);
    const runs = await Promise.all([sendEventReminders(t.ctx), sendEventReminders(t.ctx)]);
    expect(runs[0] + runs[1]).toBe(1);
    expect(await sendEventReminders(t.ctx)).toBe(0);
    await t.ctx.outbox.drain();
    const reminders = t.mails.filter((m) => m.subject.startsWith('Tomorrow: Reminder evening'));
    expect(reminders.map((m) => m.to)).toEqual([going.email]);
    expect(reminders[0]?.text).toContain('The Gallery, 2 Cork Street, London');
    expect(reminders[0]?.attachments?.[0]?.contentType).toContain('method=REQUEST');
    // Past the deadline: answers no longer change.
    const late = await going.client.post(`/api/events/${id}/cancel`);
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ error: 'RsvpClosed' });
  });
});

describe('the demo', () => {
  it('seeds one upcoming event the demo member is invited to, once, in Danish too', async () => {
    const demo = await createTestApp({ config: { locale: 'da-DK' } });
    try {
      const { seedDemo, demoMember } = await import('../demo/demo-data.ts');
      await Promise.all([seedDemo(demo.ctx), seedDemo(demo.ctx)]);
      expect(await demo.ctx.db.query('SELECT id FROM events')).toHaveLength(1);
      const client = demo.client();
      await client.post('/api/login', { username: demoMember.email, password: demoMember.password });
      const list = await client.get<{ events: { title: string; full: boolean; closed: boolean }[] }>(
        '/api/events',
      );
      expect(list.body.events).toHaveLength(1);
      expect(list.body.events[0]).toMatchObject({
        title: 'Forpremiere på vinterkollektionen',
        full: false,
        closed: false,
      });
    } finally {
      await demo.close();
    }
  });
});
