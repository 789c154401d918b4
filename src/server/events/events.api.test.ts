import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInStaff } from '#tests/support/staff-fixture.ts';
import { createTestApp, type TestApp, type TestClient } from '#tests/support/test-app.ts';
import { sendDueCampaigns } from '../marketing-mail/campaigns.ts';
import { eventCampaign } from './event-campaign.ts';
import { signTicket } from './event-tickets.ts';

let t: TestApp;
let manager: TestClient;
let support: TestClient;
let storeId: string;
beforeAll(async () => {
  t = await createTestApp({ config: { staff: { signInPerAddress: 10_000 }, vipLevels: ['Gold'] } });
  manager = (await signedInStaff(t, 'manager')).client;
  support = (await signedInStaff(t, 'support')).client;
  const [store] = await t.ctx.db.query<{ id: string }>(
    `INSERT INTO stores (code, name, time_zone, address) VALUES ('EVT-STORE', 'Regent Street', 'Europe/London', '1 Regent Street, London')
     RETURNING id`,
  );
  storeId = (store as { id: string }).id;
});
afterAll(() => t.close());

const hour = 3_600_000;
const inHours = (hours: number) => new Date(Date.now() + hours * hour).toISOString();

function eventInput(overrides: Record<string, unknown> = {}) {
  return {
    title: { 'en-GB': 'Preview evening', 'da-DK': 'Forpremiereaften' },
    description: { 'en-GB': 'The new season, with drinks.', 'da-DK': 'Den nye sæson, med forfriskninger.' },
    imageId: null,
    place: { kind: 'store', storeId },
    startsAt: inHours(72),
    endsAt: inHours(75),
    rsvpDeadline: inHours(48),
    capacity: 10,
    guestsAllowed: 1,
    audience: { kind: 'all' },
    ...overrides,
  };
}

type StaffEvent = { id: string; taken: number; waitlisted: number; checkedIn: number };
type Mine = { status: string; guests: number; waitlistPosition: number | null; ticket: string | null };
type MemberEvent = { id: string; full: boolean; mine: Mine | null };

async function created(overrides: Record<string, unknown> = {}): Promise<StaffEvent> {
  const res = await manager.post<{ event: StaffEvent }>('/staff-api/events', eventInput(overrides));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.event;
}

/** A signed-in member with this discount level, consenting to email with a proven address. */
async function member(level: string | null = null, consent = true, name = 'Test Member') {
  const m = await t.signedInMember({ name });
  await t.ctx.db.query('UPDATE accounts SET vip_level = $2, email_verified = true WHERE loyalty_id = $1', [
    m.loyaltyId,
    level,
  ]);
  if (consent)
    await t.ctx.db.query(
      `INSERT INTO marketing_consents (account_id, channel, choice, source)
       SELECT id, 'email', 'consent', 'signup' FROM accounts WHERE loyalty_id = $1`,
      [m.loyaltyId],
    );
  return m;
}

const count = async (sql: string, params: unknown[] = []) =>
  Number((await t.ctx.db.query<{ n: number }>(sql, params))[0]?.n);
const rsvpCount = () => count('SELECT count(*)::int AS n FROM event_rsvps');
const answer = (client: TestClient, id: string, body: Record<string, unknown>) =>
  client.post<{ event: MemberEvent; error?: string }>(`/api/events/${id}/rsvp`, body);
const scan = (client: TestClient, code: string) =>
  client.post<{
    kind: string;
    ticket: { fullName: string; guests: number };
    error?: string;
    checkedInAt?: string;
  }>('/staff-api/scan', { code });

describe('staff create events', () => {
  it('a manager creates one, audited; support see it but cannot create', async () => {
    const event = await created();
    expect(event).toMatchObject({ taken: 0, waitlisted: 0, checkedIn: 0 });
    expect(
      await count("SELECT count(*)::int AS n FROM audit_log WHERE action = 'event.create'"),
    ).toBeGreaterThan(0);
    const list = await support.get<{ events: StaffEvent[]; stores: { id: string }[] }>('/staff-api/events');
    expect(list.status).toBe(200);
    expect(list.body.events.map((e) => e.id)).toContain(event.id);
    expect(list.body.stores.map((s) => s.id)).toContain(storeId);
    expect((await support.post('/staff-api/events', eventInput())).status).toBe(403);
  });

  it('refuses bad input with a clear 4xx that writes nothing', async () => {
    const before = await count('SELECT count(*)::int AS n FROM events');
    const audits = await count("SELECT count(*)::int AS n FROM audit_log WHERE action = 'event.create'");
    const cases: [Record<string, unknown>, number, string][] = [
      [{ startsAt: inHours(-24), endsAt: inHours(-20), rsvpDeadline: inHours(-30) }, 400, 'startsAt'],
      [{ startsAt: inHours(5), endsAt: inHours(4) }, 400, 'endsAt'],
      [{ rsvpDeadline: inHours(-1) }, 400, 'rsvpDeadline'],
      [{ rsvpDeadline: inHours(80) }, 400, 'rsvpDeadline'],
      [{ capacity: 0 }, 400, 'capacity'],
      [{ guestsAllowed: 2 }, 400, 'guestsAllowed'],
      [{ audience: { kind: 'levels', levels: ['Banana'] } }, 400, 'audience'],
      [{ audience: { kind: 'members', members: ['999999999999'] } }, 400, 'UnknownMembers'],
      [{ place: { kind: 'store', storeId: '00000000-0000-4000-8000-000000000000' } }, 400, 'place'],
      [{ imageId: '00000000-0000-4000-8000-000000000000' }, 400, 'imageId'],
      [{ title: { 'en-GB': 'Only English' } }, 400, 'title'],
    ];
    for (const [overrides, status, about] of cases) {
      const res = await manager.post('/staff-api/events', eventInput(overrides));
      expect(res.status, JSON.stringify(overrides)).toBe(status);
      expect(JSON.stringify(res.body)).toContain(about);
    }
    expect(await count('SELECT count(*)::int AS n FROM events')).toBe(before);
    expect(await count("SELECT count(*)::int AS n FROM audit_log WHERE action = 'event.create'")).toBe(
      audits,
    );
  });
});

describe('members answer', () => {
  it('a member in the audience sees it and answers yes with a guest; a member outside gets 404 and learns nothing', async () => {
    const event = await created({ audience: { kind: 'levels', levels: ['Gold'] } });
    const gold = await member('Gold');
    const list = await gold.client.get<{ events: MemberEvent[] }>('/api/events');
    expect(list.body.events.map((e) => e.id)).toContain(event.id);
    const yes = await answer(gold.client, event.id, { answer: 'yes', guests: 1 });
    expect(yes.status, JSON.stringify(yes.body)).toBe(200);
    expect(yes.body.event.mine).toMatchObject({ status: 'attending', guests: 1 });
    expect(yes.body.event.mine?.ticket).toMatch(/^EVT[0-9A-F]{96}$/);

    const other = await member('10%');
    const theirs = await other.client.get<{ events: MemberEvent[] }>('/api/events');
    expect(JSON.stringify(theirs.body)).not.toContain(event.id);
    const before = await rsvpCount();
    for (const path of ['rsvp', 'cancel']) {
      const res = await other.client.post(`/api/events/${event.id}/${path}`, { answer: 'yes' });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ error: 'EventNotFound' });
    }
    expect((await other.client.get(`/api/events/${event.id}/calendar.ics`)).status).toBe(404);
    expect((await other.client.get(`/api/events/${event.id}/ticket.svg`)).status).toBe(404);
    expect((await other.client.post('/api/events/nope/rsvp', { answer: 'yes' })).status).toBe(404);
    expect((await t.client().post(`/api/events/${event.id}/rsvp`, { answer: 'yes' })).status).toBe(401);
    expect(await rsvpCount()).toBe(before);
  });

  it('a list of members: only they see it', async () => {
    const invited = await member();
    const notInvited = await member();
    const event = await created({ audience: { kind: 'members', members: [invited.loyaltyId] } });
    expect((await answer(invited.client, event.id, { answer: 'no' })).status).toBe(200);
    expect((await answer(notInvited.client, event.id, { answer: 'yes' })).status).toBe(404);
  });

  it('a guest where none is allowed, an answer after the deadline and cancelling with no place are clear 4xx that write nothing', async () => {
    const noGuests = await created({ guestsAllowed: 0 });
    const m = await member();
    const before = await rsvpCount();
    const guest = await answer(m.client, noGuests.id, { answer: 'yes', guests: 1 });
    expect(guest.status).toBe(400);
    expect(JSON.stringify(guest.body)).toContain('guests');
    const cancel = await m.client.post(`/api/events/${noGuests.id}/cancel`);
    expect(cancel.status).toBe(409);
    expect(cancel.body).toMatchObject({ error: 'NotAttending' });
    const closing = await created({ rsvpDeadline: inHours(0.001) });
    // The deadline (seconds from now) passes: moved into the past directly rather than waiting.
    await t.ctx.db.query("UPDATE events SET rsvp_deadline = now() - interval '1 minute' WHERE id = $1", [
      closing.id,
    ]);
    const late = await answer(m.client, closing.id, { answer: 'yes' });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ error: 'RsvpClosed' });
    expect(await rsvpCount()).toBe(before);
  });

  it('a full event: yes is 409 EventFull, the waitlist takes the member, and a cancelled place goes to the first waiting, by email', async () => {
    const event = await created({ capacity: 2, guestsAllowed: 1 });
    const first = await member(null, true, 'Ada First');
    const second = await member(null, true, 'Bea Second');
    const third = await member(null, true, 'Cy Third');
    expect((await answer(first.client, event.id, { answer: 'yes', guests: 1 })).body.event.mine?.status).toBe(
      'attending',
    );
    const full = await answer(second.client, event.id, { answer: 'yes' });
    expect(full.status).toBe(409);
    expect(full.body).toMatchObject({ error: 'EventFull' });
    const waiting = await answer(second.client, event.id, { answer: 'waitlist' });
    expect(waiting.body.event.mine).toMatchObject({
      status: 'waitlisted',
      waitlistPosition: 1,
      ticket: null,
    });
    const third1 = await answer(third.client, event.id, { answer: 'waitlist' });
    expect(third1.body.event.mine).toMatchObject({ status: 'waitlisted', waitlistPosition: 2 });
    // No path names another member's answer: a member with none who cancels is refused, and the
    // place stays its member's.
    const outsider = await member();
    const before = await rsvpCount();
    const notMine = await outsider.client.post(`/api/events/${event.id}/cancel`);
    expect(notMine.status).toBe(409);
    expect(notMine.body).toMatchObject({ error: 'NotAttending' });
    expect(await rsvpCount()).toBe(before);
    const stillFirst = await t.ctx.db.query<{ status: string }>(
      'SELECT r.status FROM event_rsvps r JOIN accounts a ON a.id = r.account_id WHERE a.loyalty_id = $1',
      [first.loyaltyId],
    );
    expect(stillFirst[0]?.status).toBe('attending');

    const cancelled = await first.client.post<{ event: MemberEvent }>(`/api/events/${event.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.event.mine?.status).toBe('cancelled');
    const promoted = await second.client.get<{ events: MemberEvent[] }>('/api/events');
    expect(promoted.body.events.find((e) => e.id === event.id)?.mine?.status).toBe('attending');
    await t.ctx.outbox.drain();
    const mails = t.mails.filter(
      (mail) => mail.to === second.email && mail.subject.startsWith('A place is yours'),
    );
    expect(mails).toHaveLength(1);
    expect(
      t.mails.filter((mail) => mail.to === third.email && mail.subject.startsWith('A place is yours')),
    ).toHaveLength(1);
    expect(mails[0]?.attachments?.[0]?.contentType).toContain('method=REQUEST');
    const guests = await support.get<{ attending: { fullName: string }[]; waitlist: unknown[] }>(
      `/staff-api/events/${event.id}/guests`,
    );
    // The first's two places (with their guest) went to both waiting, in order.
    expect(guests.body.attending.map((g) => g.fullName)).toEqual(['Bea Second', 'Cy Third']);
    expect(guests.body.waitlist).toEqual([]);
  });

  it('the ticket is a QR code and the calendar file an event; both for the attending member only', async () => {
    const event = await created();
    const m = await member(null, true, 'Grace Hopper');
    await answer(m.client, event.id, { answer: 'yes' });
    const svg = await m.client.get<string>(`/api/events/${event.id}/ticket.svg`);
    expect(svg.status).toBe(200);
    expect(String(svg.headers['content-type'])).toContain('image/svg+xml');
    expect(String(svg.body)).toContain('<svg');
    const ics = await m.client.get<string>(`/api/events/${event.id}/calendar.ics`);
    expect(ics.status).toBe(200);
    expect(String(ics.headers['content-type'])).toContain('text/calendar');
    expect(ics.body).toContain('SUMMARY:Preview evening');
    expect(ics.body).toContain('METHOD:PUBLISH');
    expect(ics.body).toContain('TZID=Europe/London');
    await m.client.post(`/api/events/${event.id}/cancel`);
    expect((await m.client.get(`/api/events/${event.id}/calendar.ics`)).status).toBe(404);
  });
});

describe('check-in by scanning the ticket', () => {
  it('checks in once: a second scan is 409 AlreadyCheckedIn with the time; forged and altered tickets are 400; audited', async () => {
    const event = await created();
    const m = await member(null, true, 'Katherine Johnson');
    const yes = await answer(m.client, event.id, { answer: 'yes', guests: 1 });
    const ticket = yes.body.event.mine?.ticket ?? '';
    const first = await scan(support, ticket);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({
      kind: 'ticket',
      ticket: { fullName: 'Katherine Johnson', guests: 1 },
    });
    const checkedInAt = async () =>
      (
        await t.ctx.db.query<{ at: string }>(
          'SELECT checked_in_at::text AS at FROM event_rsvps WHERE event_id = $1 AND checked_in_at IS NOT NULL',
          [event.id],
        )
      )[0]?.at;
    const firstCheckIn = await checkedInAt();
    const again = await scan(support, ticket);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: 'AlreadyCheckedIn' });
    expect(again.body.checkedInAt).toBeTruthy();
    expect(await checkedInAt()).toBe(firstCheckIn);
    expect(
      await count(
        "SELECT count(*)::int AS n FROM audit_log WHERE action = 'event.check_in' AND change->>'event' = $1",
        [event.id],
      ),
    ).toBe(1);

    const other = await member();
    const theirs = (await answer(other.client, event.id, { answer: 'yes' })).body.event.mine?.ticket ?? '';
    const forged = signTicket(
      Buffer.alloc(32, 7),
      event.id,
      theirs
        .slice(35, 67)
        .toLowerCase()
        .replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5'),
    );
    const altered = `${theirs.slice(0, -1)}${theirs.endsWith('0') ? '1' : '0'}`;
    for (const code of [forged, altered]) {
      const res = await scan(support, code);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'TicketInvalid' });
    }
    expect(
      await count(
        'SELECT count(*)::int AS n FROM event_rsvps WHERE event_id = $1 AND checked_in_at IS NOT NULL',
        [event.id],
      ),
    ).toBe(1);
    // A member's session is nothing at the staff door.
    expect((await m.client.post('/staff-api/scan', { code: theirs })).status).toBe(401);
    // A cancelled place's ticket no longer checks in.
    await other.client.post(`/api/events/${event.id}/cancel`);
    const gone = await scan(support, theirs);
    expect(gone.status).toBe(409);
    expect(gone.body).toMatchObject({ error: 'NotAttending' });
  });

  it('the guest list exports as CSV with check-ins', async () => {
    const event = await created();
    const m = await member(null, true, '=Formula Person');
    await answer(m.client, event.id, { answer: 'yes' });
    const csv = await support.get<string>(`/staff-api/events/${event.id}/guests.csv`);
    expect(csv.status).toBe(200);
    expect(String(csv.headers['content-type'])).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('name,card_number,status,guests,answered_at,checked_in_at');
    expect(lines[1]).toContain(`"'=Formula Person",${m.loyaltyId},attending,0,`);
    expect((await manager.get('/staff-api/events/not-an-event/guests.csv')).status).toBe(404);
  });
});

describe('mail, cancellation, export and erasure', () => {
  it('the invitation goes once to consenting members of the audience, with one-click unsubscribe', async () => {
    const gold = await member('Gold');
    const declined = await member('Gold', false);
    const silver = await member('Silver-ish');
    await created({
      audience: { kind: 'levels', levels: ['Gold'] },
      title: { 'en-GB': 'Gold soirée', 'da-DK': 'Guldsoiré' },
    });
    await sendDueCampaigns(t.ctx, [eventCampaign]);
    await sendDueCampaigns(t.ctx, [eventCampaign]);
    await t.ctx.outbox.drain();
    const mails = t.mails.filter((mail) => mail.subject.startsWith('Gold soirée'));
    expect(mails.filter((mail) => mail.to === gold.email)).toHaveLength(1);
    expect(mails.map((mail) => mail.to)).not.toContain(declined.email);
    expect(mails.map((mail) => mail.to)).not.toContain(silver.email);
    expect(mails[0]?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  });

  it('staff cancel an event: those attending or waiting are told; a second cancel is 409; members can no longer answer', async () => {
    const event = await created({ capacity: 1, guestsAllowed: 0 });
    const attending = await member();
    const waiting = await member();
    await answer(attending.client, event.id, { answer: 'yes' });
    await answer(waiting.client, event.id, { answer: 'waitlist' });
    expect((await support.post(`/staff-api/events/${event.id}/cancel`)).status).toBe(403);
    const res = await manager.post(`/staff-api/events/${event.id}/cancel`);
    expect(res.status).toBe(200);
    expect((await manager.post(`/staff-api/events/${event.id}/cancel`)).status).toBe(409);
    await t.ctx.outbox.drain();
    for (const who of [attending, waiting])
      expect(t.mails.filter((m) => m.to === who.email && m.subject.startsWith('Cancelled:'))).toHaveLength(1);
    const late = await answer(attending.client, event.id, { answer: 'no' });
    expect(late.body).toMatchObject({ error: 'EventCancelled' });
    expect(await count("SELECT count(*)::int AS n FROM audit_log WHERE action = 'event.cancel'")).toBe(1);
  });

  it('answers are in the data export and erased with the account', async () => {
    const event = await created();
    const m = await member();
    await answer(m.client, event.id, { answer: 'yes' });
    const exported = await m.client.get<{ eventRsvps: { event: string; answer: string }[] }>(
      '/api/privacy/export',
    );
    expect(exported.body.eventRsvps).toContainEqual(
      expect.objectContaining({ event: 'Preview evening', answer: 'attending' }),
    );
    const accountId = (
      await t.ctx.db.query<{ id: string }>('SELECT id FROM accounts WHERE loyalty_id = $1', [m.loyaltyId])
    )[0]?.id;
    const deleted = await m.client.post('/api/delete-account', { username: m.email });
    expect(deleted.status, JSON.stringify(deleted.body)).toBeLessThan(300);
    expect(await count('SELECT count(*)::int AS n FROM event_rsvps WHERE account_id = $1', [accountId])).toBe(
      0,
    );
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('100 parallel answers for the last place (PostgreSQL)', () => {
  it('exactly one gets it (a guest counts as a place), the rest hear the event is full', async () => {
    const event = await created({ capacity: 3, guestsAllowed: 1 });
    const early = await member();
    expect((await answer(early.client, event.id, { answer: 'yes', guests: 1 })).status).toBe(200);
    const members = [];
    for (let i = 0; i < 100; i++) members.push(await member(null, false));
    const answers = await Promise.all(
      members.map((m, i) => answer(m.client, event.id, { answer: 'yes', guests: i % 2 })),
    );
    const given = answers.filter((a) => a.status === 200);
    expect(given).toHaveLength(1);
    expect(given[0]?.body.event.mine?.guests).toBe(0);
    for (const a of answers.filter((x) => x.status !== 200))
      expect(a).toMatchObject({ status: 409, body: { error: 'EventFull' } });
    expect(
      await count(
        "SELECT COALESCE(sum(1 + guests), 0)::int AS n FROM event_rsvps WHERE event_id = $1 AND status = 'attending'",
        [event.id],
      ),
    ).toBe(3);
  });
});
