import { formatAppointmentTime } from '#shared/domain/appointment-time.ts';
import type { AppContext } from '../app-context.ts';
import { notFound } from '../http/errors.ts';
import { buildEventTicketPass } from '../wallet/apple-event-ticket.ts';
import type { EventTicketContent } from '../wallet/event-ticket-content.ts';
import { eventTicketObjects } from '../wallet/google-event-ticket.ts';
import { signedSaveUrl } from '../wallet/google-wallet.ts';
import { passSigningKeys } from '../wallet/wallet-service.ts';
import { answersForMail } from './event-mails.ts';
import { localText } from './event-rules.ts';
import { attendingAnswer } from './events-member-service.ts';

/**
 * The member's own ticket to an event, as a wallet shows it. The same 404 as the ticket's QR code and
 * calendar file for anyone without a place: another member's event, a waitlisted, declined or
 * cancelled answer, a cancelled event (attendingAnswer). Nothing is stored: the pass and the save
 * link are made from the answer at each request.
 */
async function ticketContent(
  ctx: AppContext,
  accountId: string,
  eventId: string,
): Promise<EventTicketContent> {
  const { row, answer, ticket } = await attendingAnswer(ctx.db, ctx.config, accountId, eventId);
  const [holder] = await answersForMail(ctx.db, [answer.id]);
  if (!holder) throw notFound('NotAttending', 'You have no place at this event.');
  return {
    eventId: row.id,
    rsvpId: answer.id,
    ticket,
    title: localText(row.title, ctx.config.locale),
    holderName: holder.full_name,
    placeName: row.place_name,
    placeAddress: row.place_address,
    timeZone: row.time_zone,
    startsAt: new Date(row.starts_at),
    endsAt: new Date(row.ends_at),
    when: formatAppointmentTime(row.starts_at, ctx.config.locale, row.time_zone),
    guests: answer.guests,
  };
}

/** The attending member's signed Apple Wallet event ticket (.pkpass). */
export async function eventTicketPass(ctx: AppContext, accountId: string, eventId: string): Promise<Buffer> {
  const content = await ticketContent(ctx, accountId, eventId);
  return buildEventTicketPass(ctx.config, passSigningKeys(ctx).apple, content, ctx.origin);
}

/** The attending member's "Save to Google Wallet" link: a JWT carrying the event's class and their object. */
export async function eventTicketSaveUrl(
  ctx: AppContext,
  accountId: string,
  eventId: string,
): Promise<string> {
  const content = await ticketContent(ctx, accountId, eventId);
  const { eventTicketClass, eventTicketObject } = eventTicketObjects(ctx.config, content, ctx.origin);
  return signedSaveUrl(passSigningKeys(ctx).google, ctx.origin, {
    eventTicketClasses: [eventTicketClass],
    eventTicketObjects: [eventTicketObject],
  });
}
