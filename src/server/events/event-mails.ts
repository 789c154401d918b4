import type { Config } from '#shared/config.ts';
import { formatAppointmentTime } from '#shared/domain/appointment-time.ts';
import { calendarFile } from '../appointments/appointment-ics.ts';
import type { Queryable } from '../db/database.ts';
import { linkMail, mailWords } from '../email/email-layout.tsx';
import type { Mail } from '../email/mailer.ts';
import { enqueueMail } from '../email/outbox.ts';
import { type EventRow, localText } from './event-rules.ts';

export type EventMailKind = 'promoted' | 'cancelled' | 'reminder';

/** What an event's mail or calendar file needs of a member's answer. */
export interface AnswerForMail {
  rsvp_id: string;
  guests: number;
  full_name: string;
  email: string | null;
}

/** The event as a calendar file: one UID per member's answer, so a calendar keeps one entry. */
export function eventCalendar(
  config: Config,
  event: EventRow,
  answer: AnswerForMail,
  method: 'REQUEST' | 'CANCEL' | 'PUBLISH',
  now = new Date(),
): string {
  const host = config.emailFrom.split('@')[1] ?? 'members.example';
  return calendarFile({
    method,
    uid: `event-${answer.rsvp_id}@${host}`,
    sequence: method === 'CANCEL' ? 1 : 0,
    startsAt: new Date(event.starts_at),
    endsAt: new Date(event.ends_at),
    timeZone: event.time_zone,
    summary: localText(event.title, config.locale),
    location: event.place_address ? `${event.place_name}, ${event.place_address}` : event.place_name,
    description: localText(event.description, config.locale),
    organizer: { name: config.title, email: config.emailFrom },
    attendee: { name: answer.full_name, email: answer.email ?? config.emailFrom },
    now,
    productId: `-//${config.title.replace(/[\r\n]/g, ' ')}//Events//EN`,
  });
}

/** A member's transactional mail about an event, with its calendar file; null without an address. */
export async function eventMail(
  config: Config,
  origin: string,
  event: EventRow,
  answer: AnswerForMail,
  kind: EventMailKind,
): Promise<Mail | null> {
  if (!answer.email) return null;
  const words = mailWords(config);
  const w = words.event;
  const title = localText(event.title, config.locale);
  const when = formatAppointmentTime(event.starts_at, config.locale, event.time_zone);
  const firstName = answer.full_name.trim().split(/\s+/)[0] || answer.full_name;
  const cancelled = kind === 'cancelled';
  const mail = await linkMail(config, origin, answer.email, `${origin}/events`, {
    ...w[kind],
    subject: () => w[kind].subject(title, when),
    reason: w.reason,
    paragraphs: [
      words.greeting(firstName),
      kind === 'promoted' ? w.promotedText : kind === 'cancelled' ? w.cancelledText : w.reminderText,
      w.details(title, when),
      w.where(event.place_name, event.place_address),
      ...(!cancelled && answer.guests > 0 ? [w.withGuest] : []),
      cancelled ? w.cancelledCalendar : w.calendar,
    ],
  });
  const method = cancelled ? 'CANCEL' : 'REQUEST';
  return {
    ...mail,
    attachments: [
      {
        filename: cancelled ? 'cancelled.ics' : 'event.ics',
        contentType: `text/calendar; method=${method}; charset=UTF-8`,
        content: eventCalendar(config, event, answer, method),
      },
    ],
  };
}

/** The answers' members as mails need them. */
export async function answersForMail(tx: Queryable, rsvpIds: readonly string[]): Promise<AnswerForMail[]> {
  if (rsvpIds.length === 0) return [];
  return tx.query<AnswerForMail>(
    `SELECT r.id AS rsvp_id, r.guests, a.full_name, a.email FROM event_rsvps r JOIN accounts a ON a.id = r.account_id
      WHERE r.id = ANY ($1::uuid[]) AND a.deleted_at IS NULL`,
    [rsvpIds],
  );
}

/** Writes each answer's mail to the outbox, in the caller's transaction. */
export async function enqueueEventMails(
  tx: Queryable,
  ctx: { config: Config; origin: string },
  event: EventRow,
  rsvpIds: readonly string[],
  kind: EventMailKind,
): Promise<void> {
  for (const answer of await answersForMail(tx, rsvpIds)) {
    const mail = await eventMail(ctx.config, ctx.origin, event, answer, kind);
    if (mail) await enqueueMail(tx, mail);
  }
}
