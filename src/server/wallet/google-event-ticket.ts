import type { Config } from '#shared/config.ts';
import { type EventTicketContent, eventTicketWords, isoInZone } from './event-ticket-content.ts';
import { colourHex, walletId } from './google-wallet.ts';

const localized = (language: string, value: string) => ({ defaultValue: { language, value } });

/**
 * The event's eventTicketClass (one per event: "<issuerId>.event_<event id>") and the member's
 * eventTicketObject (one per answer: "<issuerId>.ticket_<answer id>"), as Google Wallet's REST
 * reference names their fields. The object's QR code holds the same signed ticket value as the
 * events page's. They travel inside the save link's JWT (nothing is created through the API).
 */
export function eventTicketObjects(config: Config, ticket: EventTicketContent, origin: string) {
  const words = eventTicketWords[config.locale];
  const language = config.locale;
  const classId = walletId(config, `event_${ticket.eventId}`);
  const eventTicketClass = {
    id: classId,
    issuerName: config.title,
    eventId: ticket.eventId,
    eventName: localized(language, ticket.title),
    venue: {
      name: localized(language, ticket.placeName),
      address: localized(language, ticket.placeAddress || ticket.placeName),
    },
    dateTime: {
      start: isoInZone(ticket.startsAt, ticket.timeZone),
      end: isoInZone(ticket.endsAt, ticket.timeZone),
    },
    logo: {
      sourceUri: { uri: `${origin}/wallet/logo.png` },
      contentDescription: localized(language, config.title),
    },
    hexBackgroundColor: colourHex(config.wallet.backgroundColor),
    reviewStatus: 'UNDER_REVIEW',
    homepageUri: { uri: `${origin}/events`, description: words.event },
  };
  const eventTicketObject = {
    id: walletId(config, `ticket_${ticket.rsvpId}`),
    classId,
    state: 'ACTIVE',
    ticketHolderName: ticket.holderName,
    barcode: { type: 'QR_CODE', value: ticket.ticket },
    validTimeInterval: { end: { date: isoInZone(ticket.endsAt, ticket.timeZone) } },
    ...(ticket.guests > 0
      ? { textModulesData: [{ id: 'guests', header: words.guests, body: String(ticket.guests) }] }
      : {}),
    linksModuleData: { uris: [{ id: 'events', uri: `${origin}/events`, description: words.event }] },
  };
  return { eventTicketClass, eventTicketObject };
}
