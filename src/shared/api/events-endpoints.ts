import { describe } from './descriptor.ts';
import type {
  cancelEventEndpoint,
  cancelRsvpEndpoint,
  createEventEndpoint,
  eventGuestsEndpoint,
  eventTicketGoogleWalletEndpoint,
  memberEventsEndpoint,
  rsvpEndpoint,
  staffEventsEndpoint,
} from './events.ts';

/** The browser's descriptors of events (zod-free). */
export const staffEvents = describe<typeof staffEventsEndpoint>('GET', '/staff-api/events');
export const createEvent = describe<typeof createEventEndpoint>('POST', '/staff-api/events');
export const cancelEvent = describe<typeof cancelEventEndpoint>('POST', '/staff-api/events/:id/cancel');
export const eventGuests = describe<typeof eventGuestsEndpoint>('GET', '/staff-api/events/:id/guests');
export const eventGuestsCsvPath = '/staff-api/events/:id/guests.csv';
export const memberEvents = describe<typeof memberEventsEndpoint>('GET', '/api/events');
export const rsvp = describe<typeof rsvpEndpoint>('POST', '/api/events/:id/rsvp');
export const cancelRsvp = describe<typeof cancelRsvpEndpoint>('POST', '/api/events/:id/cancel');
export const ticketImagePath = '/api/events/:id/ticket.svg';
export const eventCalendarPath = '/api/events/:id/calendar.ics';
export const eventTicketPassPath = '/api/events/:id/ticket.pkpass';
export const eventTicketGoogleWallet = describe<typeof eventTicketGoogleWalletEndpoint>(
  'GET',
  '/api/events/:id/google-wallet',
);
