import type { Config } from '#shared/config.ts';
import { signedPass } from './apple-pass.ts';
import { type EventTicketContent, eventTicketWords } from './event-ticket-content.ts';
import type { AppleCredentials } from './pass-signing-keys.ts';

/**
 * An attending member's event ticket as a signed eventTicket .pkpass: the event's title, its time in
 * the event's zone, the place and the guests; the same signed ticket value the events page's QR code
 * shows, as a QR code; relevant at the start, expired at the end. The scheme's colours, logo and
 * signature as the membership card's (apple-pass.ts). It never changes after it is saved (no web
 * service): a cancelled place or event is refused at the door by the scan, not by the pass.
 */
export function buildEventTicketPass(
  config: Config,
  credentials: AppleCredentials,
  ticket: EventTicketContent,
  origin: string,
): Promise<Buffer> {
  const words = eventTicketWords[config.locale];
  const apple = config.wallet.apple;
  const passJson = {
    formatVersion: 1,
    passTypeIdentifier: apple.passTypeIdentifier,
    teamIdentifier: apple.teamIdentifier,
    serialNumber: `event-ticket-${ticket.rsvpId}`,
    organizationName: config.title,
    description: `${words.description}: ${ticket.title}`,
    logoText: config.title,
    backgroundColor: config.wallet.backgroundColor,
    foregroundColor: config.wallet.foregroundColor,
    labelColor: config.wallet.labelColor,
    sharingProhibited: true,
    relevantDate: ticket.startsAt.toISOString(),
    expirationDate: ticket.endsAt.toISOString(),
    eventTicket: {
      primaryFields: [{ key: 'event', label: words.event, value: ticket.title }],
      secondaryFields: [{ key: 'when', label: words.when, value: ticket.when }],
      auxiliaryFields: [
        { key: 'where', label: words.where, value: ticket.placeName },
        ...(ticket.guests > 0
          ? [
              {
                key: 'guests',
                label: words.guests,
                value: ticket.guests,
                textAlignment: 'PKTextAlignmentRight',
              },
            ]
          : []),
      ],
      backFields: [
        { key: 'holder', label: words.holder, value: ticket.holderName },
        ...(ticket.placeAddress
          ? [{ key: 'address', label: words.address, value: ticket.placeAddress }]
          : []),
        { key: 'about', label: words.about, value: words.aboutText },
        {
          key: 'events',
          label: words.event,
          value: `${origin}/events`,
          dataDetectorTypes: ['PKDataDetectorTypeLink'],
        },
      ],
    },
    barcodes: [{ format: 'PKBarcodeFormatQR', message: ticket.ticket, messageEncoding: 'iso-8859-1' }],
  };
  return signedPass(config, credentials, passJson);
}
