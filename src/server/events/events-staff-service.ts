import type { z } from 'zod';
import type { createEventRequest, StaffEvent } from '#shared/api/events.ts';
import { schemeTimeZones } from '#shared/domain/scheme-time-zone.ts';
import type { AppContext } from '../app-context.ts';
import type { Audit } from '../audit/audit-log.ts';
import { type Database, type Queryable, queryOne } from '../db/database.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import { findImage } from '../images/image-service.ts';
import { scheduleCampaign } from '../marketing-mail/campaigns.ts';
import { eventCampaign } from './event-campaign.ts';
import { enqueueEventMails } from './event-mails.ts';
import { type EventRow, eventSelect, isEventId } from './event-rules.ts';

type CreateEvent = z.output<typeof createEventRequest>;

/** How long ago an event's start may be: the console's times are to the minute. */
const startSlackMs = 10 * 60_000;

const noSuchEvent = () => notFound('EventNotFound', 'There is no such event.');

function fieldError(field: string, message: string) {
  return badRequest('InvalidRequest', `Invalid request: ${message}`, { fieldErrors: { [field]: message } });
}

const staffSelect = `SELECT x.*,
       (SELECT count(*) FROM event_rsvps r WHERE r.event_id = x.id AND r.status = 'waitlisted')::int AS waitlisted,
       (SELECT count(*) FROM event_rsvps r WHERE r.event_id = x.id AND r.checked_in_at IS NOT NULL)::int AS checked_in,
       (SELECT count(*) FROM event_invitees i WHERE i.event_id = x.id)::int AS invitees
  FROM (${eventSelect}) x`;

type StaffRow = EventRow & { waitlisted: number; checked_in: number; invitees: number };

async function staffEventOf(db: Queryable, row: StaffRow): Promise<StaffEvent> {
  const both = (texts: Record<string, string>) => ({
    'en-GB': texts['en-GB'] ?? '',
    'da-DK': texts['da-DK'] ?? '',
  });
  return {
    id: row.id,
    title: both(row.title),
    description: both(row.description),
    image: row.image_id ? ((await findImage(db, row.image_id)) ?? null) : null,
    place: { name: row.place_name, address: row.place_address },
    timeZone: row.time_zone,
    startsAt: new Date(row.starts_at).toISOString(),
    endsAt: new Date(row.ends_at).toISOString(),
    rsvpDeadline: new Date(row.rsvp_deadline).toISOString(),
    capacity: row.capacity,
    guestsAllowed: row.guests_allowed,
    audience: { kind: row.audience, levels: row.levels, members: row.invitees },
    taken: row.taken,
    waitlisted: row.waitlisted,
    checkedIn: row.checked_in,
    cancelledAt: row.cancelled_at ? new Date(row.cancelled_at).toISOString() : null,
  };
}

/** Events not over yet first (soonest first), then the last few past ones. */
export async function listEvents(db: Queryable): Promise<StaffEvent[]> {
  const rows = await db.query<StaffRow>(
    `${staffSelect} ORDER BY (x.ends_at < now()), CASE WHEN x.ends_at >= now() THEN x.starts_at END, x.starts_at DESC, x.id LIMIT 200`,
  );
  return Promise.all(rows.map((row) => staffEventOf(db, row)));
}

async function staffEventById(db: Queryable, id: string): Promise<StaffEvent> {
  if (!isEventId(id)) throw noSuchEvent();
  const row = await queryOne<StaffRow>(db, `${staffSelect} WHERE x.id = $1`, [id]);
  if (!row) throw noSuchEvent();
  return staffEventOf(db, row);
}

/** A discount level is a percentage (1–99%) or one of the scheme's own levels, as members' are. */
function checkLevels(known: readonly string[], levels: readonly string[]): void {
  for (const level of levels) {
    if (/^([1-9]\d?)(\.\d)?%$/.test(level) || known.includes(level)) continue;
    const named = known.length ? `, or one of ${known.join(', ')}` : '';
    throw fieldError('audience', `${level} is not a discount level: give a percentage such as 15%${named}`);
  }
}

/**
 * A new event, audited, its invitation scheduled (marketing mail, now) in the same transaction.
 * Refused with a 4xx that writes nothing: a start in the past, an end before the start, a deadline
 * after the start or in the past, an unknown store, image, level or member.
 */
export async function createEvent(ctx: AppContext, input: CreateEvent, staffId: string, audit: Audit) {
  const startsAt = new Date(input.startsAt);
  const endsAt = new Date(input.endsAt);
  const deadline = new Date(input.rsvpDeadline);
  const now = Date.now();
  if (startsAt.getTime() < now - startSlackMs)
    throw fieldError('startsAt', 'The event cannot start in the past');
  if (endsAt <= startsAt) throw fieldError('endsAt', 'The event must end after it starts');
  if (deadline.getTime() <= now)
    throw fieldError('rsvpDeadline', 'The deadline to answer cannot be in the past');
  if (deadline > startsAt)
    throw fieldError('rsvpDeadline', 'The deadline to answer must be before the event starts');
  if (input.audience.kind === 'levels') checkLevels(ctx.config.vipLevels, input.audience.levels);
  const event = await ctx.db.transaction(async (tx) => {
    let storeId: string | null = null;
    let timeZone = schemeTimeZones[ctx.config.locale];
    if (input.place.kind === 'store') {
      const store = await queryOne<{ id: string; time_zone: string }>(
        tx,
        'SELECT id, time_zone FROM stores WHERE id = $1',
        [input.place.storeId],
      );
      if (!store) throw fieldError('place', 'There is no such store');
      storeId = store.id;
      timeZone = store.time_zone;
    }
    if (input.imageId && !(await findImage(tx, input.imageId)))
      throw fieldError('imageId', 'Upload the image again');
    let invitees: string[] = [];
    if (input.audience.kind === 'members') {
      const wanted = [...new Set(input.audience.members)];
      const found = await tx.query<{ id: string; loyalty_id: string }>(
        'SELECT id, loyalty_id FROM accounts WHERE loyalty_id = ANY ($1::text[]) AND deleted_at IS NULL',
        [wanted],
      );
      const known = new Set(found.map((row) => row.loyalty_id));
      const unknown = wanted.filter((id) => !known.has(id)).slice(0, 10);
      if (unknown.length)
        throw badRequest('UnknownMembers', `No member has these card numbers: ${unknown.join(', ')}`, {
          fieldErrors: { audience: `No member has these card numbers: ${unknown.join(', ')}` },
          unknown,
        });
      invitees = found.map((row) => row.id);
    }
    const [row] = await tx.query<{ id: string }>(
      `INSERT INTO events (title, description, image_id, store_id, venue_name, venue_address, time_zone,
                           starts_at, ends_at, rsvp_deadline, capacity, guests_allowed, audience, levels, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) RETURNING id`,
      [
        JSON.stringify(input.title),
        JSON.stringify(input.description),
        input.imageId,
        storeId,
        input.place.kind === 'venue' ? input.place.name : null,
        input.place.kind === 'venue' ? input.place.address : '',
        timeZone,
        startsAt,
        endsAt,
        deadline,
        input.capacity,
        input.guestsAllowed,
        input.audience.kind,
        input.audience.kind === 'levels' ? input.audience.levels : null,
        staffId,
      ],
    );
    const id = (row as { id: string }).id;
    if (invitees.length)
      await tx.query('INSERT INTO event_invitees (event_id, account_id) SELECT $1, unnest($2::uuid[])', [
        id,
        invitees,
      ]);
    await scheduleCampaign(tx, eventCampaign.kind, id, new Date());
    await audit(tx, {
      change: {
        event: id,
        title: input.title['en-GB'],
        startsAt: startsAt.toISOString(),
        capacity: input.capacity,
        guestsAllowed: input.guestsAllowed,
        audience:
          input.audience.kind === 'levels'
            ? input.audience.levels.join(', ')
            : input.audience.kind === 'members'
              ? `${invitees.length} members`
              : 'all members',
      },
    });
    return staffEventById(tx, id);
  });
  ctx.marketingMail.wake();
  return event;
}

/** Cancels an event, once (409 EventCancelled after); everyone attending or waiting is told. */
export async function cancelEvent(ctx: AppContext, eventId: string, audit: Audit) {
  if (!isEventId(eventId)) throw noSuchEvent();
  return ctx.db.transaction(async (tx) => {
    const [locked] = await tx.query<{ cancelled_at: Date | null }>(
      'SELECT cancelled_at FROM events WHERE id = $1 FOR UPDATE',
      [eventId],
    );
    if (!locked) throw noSuchEvent();
    if (locked.cancelled_at) throw conflict('EventCancelled', 'This event has already been cancelled.');
    await tx.query('UPDATE events SET cancelled_at = now() WHERE id = $1', [eventId]);
    const row = await queryOne<EventRow>(tx, `${eventSelect} WHERE e.id = $1`, [eventId]);
    const told = await tx.query<{ id: string }>(
      `SELECT id FROM event_rsvps WHERE event_id = $1 AND status IN ('attending', 'waitlisted')`,
      [eventId],
    );
    if (row && new Date(row.ends_at).getTime() > Date.now())
      await enqueueEventMails(
        tx,
        ctx,
        row,
        told.map((answer) => answer.id),
        'cancelled',
      );
    await audit(tx, { change: { event: eventId, title: row?.title['en-GB'] ?? '', told: told.length } });
    return staffEventById(tx, eventId);
  });
}

interface GuestRow {
  full_name: string;
  loyalty_id: string;
  status: 'attending' | 'waitlisted' | 'declined' | 'cancelled';
  guests: number;
  answered_at: Date;
  checked_in_at: Date | null;
}

async function guestRows(db: Queryable, eventId: string, statuses: readonly string[]) {
  return db.query<GuestRow>(
    `SELECT a.full_name, a.loyalty_id, r.status, r.guests, r.answered_at, r.checked_in_at
       FROM event_rsvps r JOIN accounts a ON a.id = r.account_id
      WHERE r.event_id = $1 AND r.status = ANY ($2::text[])
      ORDER BY CASE r.status WHEN 'attending' THEN 0 ELSE 1 END,
               CASE WHEN r.status = 'attending' THEN a.full_name END, r.answered_at, r.id`,
    [eventId, statuses],
  );
}

const guestOf = (row: GuestRow) => ({
  fullName: row.full_name,
  loyaltyId: row.loyalty_id,
  status: row.status,
  guests: row.guests,
  answeredAt: new Date(row.answered_at).toISOString(),
  checkedInAt: row.checked_in_at ? new Date(row.checked_in_at).toISOString() : null,
});

/** The guest list (by name) and the waitlist (in its order). */
export async function eventGuests(db: Database, eventId: string) {
  const event = await staffEventById(db, eventId);
  const rows = await guestRows(db, eventId, ['attending', 'waitlisted']);
  return {
    event,
    attending: rows.filter((row) => row.status === 'attending').map(guestOf),
    waitlist: rows.filter((row) => row.status === 'waitlisted').map(guestOf),
  };
}

/** A CSV field: quoted, and a leading formula character defused (a spreadsheet opens the file). */
function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** The guest list and waitlist as CSV for the door. */
export async function eventGuestsCsv(db: Database, eventId: string): Promise<string> {
  await staffEventById(db, eventId);
  const rows = await guestRows(db, eventId, ['attending', 'waitlisted']);
  const lines = rows.map((row) =>
    [
      csvField(row.full_name),
      row.loyalty_id,
      row.status,
      String(row.guests),
      new Date(row.answered_at).toISOString(),
      row.checked_in_at ? new Date(row.checked_in_at).toISOString() : '',
    ].join(','),
  );
  return `name,card_number,status,guests,answered_at,checked_in_at\r\n${lines.map((line) => `${line}\r\n`).join('')}`;
}
