import type { MemberEvent } from '#shared/api/events.ts';
import type { Config } from '#shared/config.ts';
import type { AppContext } from '../app-context.ts';
import { recordAudit } from '../audit/audit-log.ts';
import { type Database, type Queryable, queryOne } from '../db/database.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import { findImage } from '../images/image-service.ts';
import { enqueueEventMails } from './event-mails.ts';
import { type EventRow, eventSelect, inAudience, isEventId, localText, placesOf } from './event-rules.ts';
import { signTicket, ticketKey } from './event-tickets.ts';

interface AnswerRow {
  id: string;
  status: 'attending' | 'waitlisted' | 'declined' | 'cancelled';
  guests: number;
  checked_in_at: Date | null;
  position: number | null;
}

const noSuchEvent = () => notFound('EventNotFound', 'There is no such event.');

/** A live member's discount level, or undefined. */
async function levelOf(db: Queryable, accountId: string) {
  return queryOne<{ vip_level: string | null }>(
    db,
    'SELECT vip_level FROM accounts WHERE id = $1 AND deleted_at IS NULL',
    [accountId],
  );
}

const answerSelect = `SELECT m.id, m.status, m.guests, m.checked_in_at,
       CASE WHEN m.status = 'waitlisted' THEN (SELECT count(*) FROM event_rsvps w
         WHERE w.event_id = m.event_id AND w.status = 'waitlisted'
           AND (w.answered_at, w.id) <= (m.answered_at, m.id))::int END AS position
  FROM event_rsvps m WHERE m.event_id = $1 AND m.account_id = $2`;

async function memberEventOf(
  db: Queryable,
  config: Config,
  key: Buffer,
  row: EventRow,
  answer: AnswerRow | undefined,
): Promise<MemberEvent> {
  const image = row.image_id ? ((await findImage(db, row.image_id)) ?? null) : null;
  const now = Date.now();
  return {
    id: row.id,
    title: localText(row.title, config.locale),
    description: localText(row.description, config.locale),
    image,
    place: { name: row.place_name, address: row.place_address },
    timeZone: row.time_zone,
    startsAt: new Date(row.starts_at).toISOString(),
    endsAt: new Date(row.ends_at).toISOString(),
    rsvpDeadline: new Date(row.rsvp_deadline).toISOString(),
    guestsAllowed: row.guests_allowed,
    full: row.taken >= row.capacity,
    closed: row.cancelled_at !== null || new Date(row.rsvp_deadline).getTime() <= now,
    cancelled: row.cancelled_at !== null,
    mine: answer
      ? {
          status: answer.status,
          guests: answer.guests,
          waitlistPosition: answer.position,
          ticket:
            answer.status === 'attending' && row.cancelled_at === null
              ? signTicket(key, row.id, answer.id)
              : null,
          checkedInAt: answer.checked_in_at ? new Date(answer.checked_in_at).toISOString() : null,
        }
      : null,
  };
}

/**
 * The member's events: those of their audience not yet over, the soonest first. A cancelled event
 * shows only to members who had answered it (so they read it is cancelled).
 */
export async function eventsForMember(db: Database, config: Config, accountId: string) {
  const member = await levelOf(db, accountId);
  if (!member) return { events: [] };
  const rows = await db.query<EventRow>(
    `${eventSelect}
      WHERE e.ends_at > now() AND ${inAudience('$1', '$2')}
        AND (e.cancelled_at IS NULL OR EXISTS (SELECT 1 FROM event_rsvps x WHERE x.event_id = e.id
              AND x.account_id = $1 AND x.status IN ('attending', 'waitlisted')))
      ORDER BY e.starts_at, e.id LIMIT 50`,
    [accountId, member.vip_level],
  );
  const key = await ticketKey(db);
  const events: MemberEvent[] = [];
  for (const row of rows) {
    const answer = await queryOne<AnswerRow>(db, answerSelect, [row.id, accountId]);
    events.push(await memberEventOf(db, config, key, row, answer));
  }
  return { events };
}

/** The event, locked (FOR UPDATE) when `lock`, if the member is in its audience; else 404. */
async function eventForMember(tx: Queryable, eventId: string, accountId: string, lock: boolean) {
  if (!isEventId(eventId)) throw noSuchEvent();
  const member = await levelOf(tx, accountId);
  if (!member) throw noSuchEvent();
  if (lock) {
    // Every answer to one event waits here: the places counted below cannot change meanwhile.
    const [locked] = await tx.query(
      `SELECT e.id FROM events e WHERE e.id = $1 AND ${inAudience('$2', '$3')} FOR UPDATE OF e`,
      [eventId, accountId, member.vip_level],
    );
    if (!locked) throw noSuchEvent();
  }
  const row = await queryOne<EventRow>(tx, `${eventSelect} WHERE e.id = $1 AND ${inAudience('$2', '$3')}`, [
    eventId,
    accountId,
    member.vip_level,
  ]);
  if (!row) throw noSuchEvent();
  return row;
}

/** One event as the member sees it (404 outside its audience). */
async function memberEvent(db: Queryable, config: Config, accountId: string, eventId: string) {
  const row = await eventForMember(db, eventId, accountId, false);
  const answer = await queryOne<AnswerRow>(db, answerSelect, [eventId, accountId]);
  return { row, answer, event: await memberEventOf(db, config, await ticketKey(db), row, answer) };
}

function refuseClosed(row: EventRow): void {
  if (row.cancelled_at) throw conflict('EventCancelled', 'This event has been cancelled.');
  if (new Date(row.rsvp_deadline).getTime() <= Date.now())
    throw conflict('RsvpClosed', 'The deadline to answer this invitation has passed.');
}

/**
 * Gives freed places to the waitlist, in its order, each member whose answer fits the places left
 * (a member with a guest waits while only one place is free; the one after them may fit). Their
 * mails are written in the caller's transaction, with the change that freed the place.
 */
async function promoteFromWaitlist(
  tx: Queryable,
  ctx: Pick<AppContext, 'config' | 'origin'>,
  event: EventRow,
) {
  const [{ taken } = { taken: 0 }] = await tx.query<{ taken: number }>(
    `SELECT COALESCE(sum(1 + guests), 0)::int AS taken FROM event_rsvps WHERE event_id = $1 AND status = 'attending'`,
    [event.id],
  );
  let free = event.capacity - taken;
  if (free <= 0 || event.cancelled_at || new Date(event.starts_at).getTime() <= Date.now()) return [];
  const waiting = await tx.query<{ id: string; guests: number }>(
    `SELECT id, guests FROM event_rsvps WHERE event_id = $1 AND status = 'waitlisted' ORDER BY answered_at, id`,
    [event.id],
  );
  const promoted: string[] = [];
  for (const answer of waiting) {
    if (free <= 0) break;
    if (placesOf(answer.guests) > free) continue;
    free -= placesOf(answer.guests);
    promoted.push(answer.id);
  }
  if (promoted.length === 0) return [];
  await tx.query(`UPDATE event_rsvps SET status = 'attending' WHERE id = ANY ($1::uuid[])`, [promoted]);
  await enqueueEventMails(tx, ctx, event, promoted, 'promoted');
  return promoted;
}

type Answer = 'yes' | 'waitlist' | 'no';

/**
 * The member's answer, in one transaction holding the event's row lock: the places taken are
 * counted under it, so two answers for the last place cannot both get it (PostgreSQL: 100 parallel
 * answers for one place give one). yes: a place or 409 EventFull; waitlist: a place when free, else
 * the back of the waitlist (a member already waiting keeps their place in it); no: declined, and a
 * place given up goes to the waitlist. Until the deadline; audited as the member's own act.
 */
export async function answerEvent(
  ctx: AppContext,
  accountId: string,
  eventId: string,
  input: { answer: Answer; guests: number },
) {
  await ctx.db.transaction(async (tx) => {
    const row = await eventForMember(tx, eventId, accountId, true);
    refuseClosed(row);
    const guests = input.answer === 'no' ? 0 : input.guests;
    if (guests > row.guests_allowed)
      throw badRequest('InvalidRequest', 'Invalid request: this event has no places for guests', {
        fieldErrors: { guests: 'This event has no places for guests' },
      });
    const mine = await queryOne<AnswerRow>(tx, answerSelect, [eventId, accountId]);
    const heldByMe = mine?.status === 'attending' ? placesOf(mine.guests) : 0;
    const fits = row.taken - heldByMe + placesOf(guests) <= row.capacity;
    let status: AnswerRow['status'];
    if (input.answer === 'no') status = 'declined';
    else if (fits) status = 'attending';
    else if (input.answer === 'waitlist' && mine?.status !== 'attending') status = 'waitlisted';
    else throw conflict('EventFull', 'Every place for this event is taken.');
    // Joining the waitlist (again) puts the member at its back; waiting on with another guest count does not.
    const requeue = status === 'waitlisted' && mine?.status !== 'waitlisted';
    await tx.query(
      `INSERT INTO event_rsvps (event_id, account_id, status, guests) VALUES ($1, $2, $3, $4)
       ON CONFLICT (event_id, account_id) DO UPDATE SET status = EXCLUDED.status, guests = EXCLUDED.guests,
         answered_at = CASE WHEN $5 THEN now() ELSE event_rsvps.answered_at END,
         reminder_sent_at = CASE WHEN EXCLUDED.status = 'attending' THEN event_rsvps.reminder_sent_at END`,
      [eventId, accountId, status, guests, requeue],
    );
    await recordAudit(tx, {
      actor: { kind: 'member', id: accountId },
      action: 'event.rsvp',
      memberId: accountId,
      change: { event: eventId, title: row.title['en-GB'] ?? '', answer: status, guests },
    });
    if (heldByMe > 0) await promoteFromWaitlist(tx, ctx, row);
  });
  return memberEvent(ctx.db, ctx.config, accountId, eventId);
}

/** The member gives up their place or leaves the waitlist (until the deadline); a freed place goes on. */
export async function cancelAnswer(ctx: AppContext, accountId: string, eventId: string) {
  await ctx.db.transaction(async (tx) => {
    const row = await eventForMember(tx, eventId, accountId, true);
    refuseClosed(row);
    const mine = await queryOne<AnswerRow>(tx, answerSelect, [eventId, accountId]);
    if (mine?.status !== 'attending' && mine?.status !== 'waitlisted')
      throw conflict('NotAttending', 'You have no place or waitlist place at this event.');
    if (mine.checked_in_at) throw conflict('NotAttending', 'You have already been checked in.');
    await tx.query(`UPDATE event_rsvps SET status = 'cancelled' WHERE id = $1`, [mine.id]);
    await recordAudit(tx, {
      actor: { kind: 'member', id: accountId },
      action: 'event.rsvp_cancel',
      memberId: accountId,
      change: { event: eventId, title: row.title['en-GB'] ?? '', was: mine.status },
    });
    if (mine.status === 'attending') await promoteFromWaitlist(tx, ctx, row);
  });
  return memberEvent(ctx.db, ctx.config, accountId, eventId);
}

/** The attending member's answer and event (404 without a place: no ticket, no calendar file). */
export async function attendingAnswer(db: Queryable, config: Config, accountId: string, eventId: string) {
  const found = await memberEvent(db, config, accountId, eventId);
  if (found.answer?.status !== 'attending' || !found.event.mine?.ticket)
    throw notFound('NotAttending', 'You have no place at this event.');
  return { ...found, answer: found.answer, ticket: found.event.mine.ticket };
}
