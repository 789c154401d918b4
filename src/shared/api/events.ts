import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { bothLocales, moment, oneParagraph } from './scheme-fields.ts';
import { imageSchema } from './stylists.ts';
import { text } from './text.ts';

/**
 * Members' events (docs/decisions/0087-events.md): staff create them for an audience, members answer
 * yes or no (with a guest when the event allows one), a full event has a waitlist, an attending
 * member has a signed ticket the scan screen checks in once.
 */

/** A membership card number, as staff type a list of members. */
const cardNumber = text().regex(/^\d{6,20}$/, 'Give each member by card number');

const audience = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('all') }),
    z.object({
      kind: z.literal('levels'),
      levels: z.array(text().min(1).max(40)).min(1, 'Choose at least one level').max(50),
    }),
    z.object({
      kind: z.literal('members'),
      members: z.array(cardNumber).min(1, 'List at least one member').max(5000),
    }),
  ],
  { error: 'Choose all members, discount levels or a list of members' },
);

const place = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('store'), storeId: z.uuid('Choose the store') }),
    z.object({
      kind: z.literal('venue'),
      name: text().trim().min(1, 'Name the venue').max(120),
      address: text().trim().max(300).default(''),
    }),
  ],
  { error: 'Choose a store or name the venue' },
);

export const createEventRequest = z.object({
  title: bothLocales(80, 'title'),
  description: z.object({
    'en-GB': z.preprocess(oneParagraph, text({ error: 'Describe the event in English' }).min(1).max(1000)),
    'da-DK': z.preprocess(oneParagraph, text({ error: 'Describe the event in Danish' }).min(1).max(1000)),
  }),
  /** An image uploaded through POST /staff-api/images, or none. */
  imageId: z.uuid('Upload the image again').nullable(),
  place,
  startsAt: moment,
  endsAt: moment,
  rsvpDeadline: moment,
  capacity: z.number().int('Give a whole number of places').min(1, 'Give at least one place').max(100_000),
  /** Guests a member may bring: none or one. */
  guestsAllowed: z.union([z.literal(0), z.literal(1)], { error: 'A member may bring no guest or one' }),
  audience,
});

const bothLocaleTexts = z.object({ 'en-GB': z.string(), 'da-DK': z.string() });
const placeView = z.object({ name: z.string(), address: z.string() });

const staffEvent = z.object({
  id: z.string(),
  title: bothLocaleTexts,
  description: bothLocaleTexts,
  image: imageSchema.nullable(),
  place: placeView,
  timeZone: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  rsvpDeadline: z.string(),
  capacity: z.number(),
  guestsAllowed: z.number(),
  audience: z.object({
    kind: z.enum(['all', 'levels', 'members']),
    levels: z.array(z.string()).nullable(),
    members: z.number(),
  }),
  /** Places taken (members attending and their guests), members waiting, members checked in. */
  taken: z.number(),
  waitlisted: z.number(),
  checkedIn: z.number(),
  cancelledAt: z.string().nullable(),
});
export type StaffEvent = z.infer<typeof staffEvent>;

/** The console's events (support and up), the soonest first, with the stores and levels to choose. */
export const staffEventsEndpoint = endpoint({
  method: 'GET',
  path: '/staff-api/events',
  access: { door: 'staff', role: 'support' },
  request: z.object({}),
  response: z.object({
    events: z.array(staffEvent),
    levels: z.array(z.string()),
    stores: z.array(z.object({ id: z.string(), name: z.string() })),
  }),
});

export const createEventEndpoint = endpoint({
  method: 'POST',
  path: '/staff-api/events',
  access: { door: 'staff', role: 'manager' },
  audit: 'event.create',
  status: 201,
  request: createEventRequest,
  response: z.object({ event: staffEvent }),
});

/** Cancels an event: every member attending or waiting is told by email. */
export const cancelEventEndpoint = endpoint({
  method: 'POST',
  path: '/staff-api/events/:id/cancel',
  access: { door: 'staff', role: 'manager' },
  audit: 'event.cancel',
  request: z.object({}),
  response: z.object({ event: staffEvent }),
});

const guest = z.object({
  fullName: z.string(),
  loyaltyId: z.string(),
  status: z.enum(['attending', 'waitlisted', 'declined', 'cancelled']),
  guests: z.number(),
  answeredAt: z.string(),
  checkedInAt: z.string().nullable(),
});

/** The guest list and waitlist (waitlist in its order). */
export const eventGuestsEndpoint = endpoint({
  method: 'GET',
  path: '/staff-api/events/:id/guests',
  access: { door: 'staff', role: 'support' },
  request: z.object({}),
  response: z.object({ event: staffEvent, attending: z.array(guest), waitlist: z.array(guest) }),
});

/** The guest list as CSV for the door (name, card number, status, guests, checked in at). */
export const exportEventGuestsEndpoint = endpoint({
  method: 'GET',
  path: '/staff-api/events/:id/guests.csv',
  access: { door: 'staff', role: 'support' },
  request: z.object({}),
  response: z.string(),
  contentType: 'text/csv',
});

const myAnswer = z.object({
  status: z.enum(['attending', 'waitlisted', 'declined', 'cancelled']),
  guests: z.number(),
  /** 1 for the first member waiting; null unless waitlisted. */
  waitlistPosition: z.number().nullable(),
  /** The signed ticket the scan screen reads (attending only). */
  ticket: z.string().nullable(),
  checkedInAt: z.string().nullable(),
});

const memberEvent = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  image: imageSchema.nullable(),
  place: placeView,
  timeZone: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  rsvpDeadline: z.string(),
  guestsAllowed: z.number(),
  /** No place is free: a yes joins the waitlist. */
  full: z.boolean(),
  /** The deadline has passed (or the event is cancelled): answers cannot change. */
  closed: z.boolean(),
  cancelled: z.boolean(),
  mine: myAnswer.nullable(),
});
export type MemberEvent = z.infer<typeof memberEvent>;

/** The member's upcoming events (those they are invited to), the soonest first. */
export const memberEventsEndpoint = endpoint({
  method: 'GET',
  path: '/api/events',
  access: { door: 'member', who: 'signed-in' },
  request: z.object({}),
  response: z.object({ events: z.array(memberEvent) }),
});

/**
 * The member's answer: yes (a place, or 409 EventFull), waitlist (a place if one is free, else the
 * back of the waitlist) or no. Until the RSVP deadline only.
 */
export const rsvpEndpoint = endpoint({
  method: 'POST',
  path: '/api/events/:id/rsvp',
  access: { door: 'member', who: 'signed-in' },
  request: z.object({
    answer: z.enum(['yes', 'waitlist', 'no'], { error: 'Answer yes or no' }),
    guests: z.union([z.literal(0), z.literal(1)]).default(0),
  }),
  response: z.object({ event: memberEvent }),
});

/** The member gives up their place or leaves the waitlist (until the deadline); the place goes on. */
export const cancelRsvpEndpoint = endpoint({
  method: 'POST',
  path: '/api/events/:id/cancel',
  access: { door: 'member', who: 'signed-in' },
  request: z.object({}),
  response: z.object({ event: memberEvent }),
});

/** The attending member's ticket as a QR code (SVG). */
export const ticketImageEndpoint = endpoint({
  method: 'GET',
  path: '/api/events/:id/ticket.svg',
  access: { door: 'member', who: 'signed-in' },
  request: z.object({}),
  response: z.string(),
  contentType: 'image/svg+xml',
});

/** The attending member's ticket as a signed Apple Wallet pass (404 without a place). */
export const eventTicketPassEndpoint = endpoint({
  method: 'GET',
  path: '/api/events/:id/ticket.pkpass',
  access: { door: 'member', who: 'signed-in' },
  request: z.object({}),
  response: z.string(),
  contentType: 'application/vnd.apple.pkpass',
});

/** The attending member's ticket as a Google Wallet save link (404 without a place). */
export const eventTicketGoogleWalletEndpoint = endpoint({
  method: 'GET',
  path: '/api/events/:id/google-wallet',
  access: { door: 'member', who: 'signed-in' },
  request: z.object({}),
  response: z.object({ saveUrl: z.string() }),
});

/** The attending member's event as a calendar file. */
export const eventCalendarEndpoint = endpoint({
  method: 'GET',
  path: '/api/events/:id/calendar.ics',
  access: { door: 'member', who: 'signed-in' },
  request: z.object({}),
  response: z.string(),
  contentType: 'text/calendar',
});
