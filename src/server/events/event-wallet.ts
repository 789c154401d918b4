import { formatAppointmentTime } from '#shared/domain/appointment-time.ts';
import type { AppContext } from '../app-context.ts';
import { notFound } from '../http/errors.ts';
import { buildEventTicketPass } from '../wallet/apple-event-ticket.ts';
import type { EventTicketContent } from '../wallet/event-ticket-content.ts';
import { eventTicketObjects } from '../wallet/google-event-ticket.ts';
import { signedSaveUrl } from '../wallet/google-wallet.ts';
import { type GoogleWalletApi, googleApiOn, googleWalletApi } from '../wallet/google-wallet-api.ts';
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

const apis = new WeakMap<AppContext, { api: GoogleWalletApi; classes: Set<string> } | null>();

/** The event tickets' Google Wallet REST API, when it is on (as the membership card's: wallet-sync.ts). */
function ticketApi(ctx: AppContext) {
  if (!apis.has(ctx)) {
    const { google } = ctx.config.wallet;
    const on = googleApiOn(google);
    apis.set(
      ctx,
      on
        ? {
            api: googleWalletApi(google, passSigningKeys(ctx).google, fetch, 'eventTicket'),
            classes: new Set(),
          }
        : null,
    );
  }
  return apis.get(ctx) ?? null;
}

/**
 * The attending member's "Save to Google Wallet" link. With the REST API on (as for the card), the
 * event's class (once per process) and the member's object are created first and the JWT names only
 * the object; off, or Google unreachable, the JWT carries both.
 */
export async function eventTicketSaveUrl(
  ctx: AppContext,
  accountId: string,
  eventId: string,
): Promise<string> {
  const content = await ticketContent(ctx, accountId, eventId);
  const { eventTicketClass, eventTicketObject } = eventTicketObjects(ctx.config, content, ctx.origin);
  const { google } = passSigningKeys(ctx);
  const rest = ticketApi(ctx);
  if (rest) {
    try {
      if (!rest.classes.has(eventTicketClass.id)) {
        await rest.api.insertClass(eventTicketClass);
        rest.classes.add(eventTicketClass.id);
      }
      if (!(await rest.api.insertObject(eventTicketObject)))
        await rest.api.patchObject(eventTicketObject.id, eventTicketObject);
      return signedSaveUrl(google, ctx.origin, { eventTicketObjects: [{ id: eventTicketObject.id }] });
    } catch (error) {
      ctx.log.warn({ err: error }, 'Google Wallet event ticket not created; the save link carries it');
    }
  }
  return signedSaveUrl(google, ctx.origin, {
    eventTicketClasses: [eventTicketClass],
    eventTicketObjects: [eventTicketObject],
  });
}
