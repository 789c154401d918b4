import type { Locale } from '#shared/config.ts';

/** What an attending member's event ticket shows in a wallet: the Apple pass and the Google object read the same. */
export interface EventTicketContent {
  eventId: string;
  /** The answer's id: one ticket per answer, so its serial and object id stay the same for it. */
  rsvpId: string;
  /** The signed ticket value the events page's QR code shows (event-tickets.ts). */
  ticket: string;
  title: string;
  holderName: string;
  placeName: string;
  placeAddress: string;
  timeZone: string;
  startsAt: Date;
  endsAt: Date;
  /** The start, as the app writes a moment in the event's zone and the scheme's language. */
  when: string;
  guests: number;
}

/**
 * The ticket's words, in the scheme's language only: the event's title and time are in it already,
 * so the labels go straight into pass.json (no .strings files, unlike the membership card).
 */
export const eventTicketWords = {
  'en-GB': {
    description: 'Event ticket',
    event: 'Event',
    when: 'When',
    where: 'Where',
    guests: 'Guests',
    holder: 'Name',
    address: 'Address',
    about: 'Your ticket',
    aboutText: 'Show this code at the door. It is yours alone and works once.',
  },
  'da-DK': {
    description: 'Billet til arrangement',
    event: 'Arrangement',
    when: 'Hvornår',
    where: 'Sted',
    guests: 'Gæster',
    holder: 'Navn',
    address: 'Adresse',
    about: 'Din billet',
    aboutText: 'Vis koden ved indgangen. Den er kun din og virker én gang.',
  },
} satisfies Record<Locale, Record<string, string>>;

/** "2026-12-01T19:00:00+01:00": the instant with the event zone's offset, so a wallet shows the local time. */
export function isoInZone(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'longOffset',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const offset = part('timeZoneName').replace('GMT', '') || '+00:00';
  return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}:${part('second')}${offset}`;
}
