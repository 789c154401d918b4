import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { text } from './text.ts';

/**
 * The console's Scan a card screen (/staff-api/scan): what a scanned or typed code names, and the
 * member's visit recorded with one tap. The code is sent as read, whatever read it (camera, USB
 * scanner, keyboard); the server decides what it is, so a new kind of code (an event ticket) adds a
 * `kind` to the answer, not a new screen. Who sees what: docs/decisions/0084-scan-a-card.md.
 */

/** A membership card's number (CODE128 on the card, in the wallet passes and on the screen). */
export const cardNumberPattern = /^\d{6,20}$/;

const visitSchema = z.object({
  visitedAt: z.string(),
  store: z.string(),
});

export const scannedMemberSchema = z.object({
  loyaltyId: z.string(),
  fullName: z.string(),
  /** The member discount level (SPEC §3 vipLevel), null without one. */
  vipLevel: z.string().nullable(),
  /** The member's personal shopper as members see them, null when the member has none. */
  personalShopper: z.object({ displayName: z.string() }).nullable(),
  /**
   * The member's first live appointment (booked or arrived) today in its store's own day, in the
   * scanning tablet's store when it named one; null when none. "Mark arrived" is the appointments
   * feature's own audited endpoint (staffMarkEndpoint) with `id`.
   */
  appointmentToday: z
    .object({
      id: z.string(),
      /** The service's name in the scheme's locale. */
      service: z.string(),
      stylist: z.object({ displayName: z.string() }),
      store: z.object({ name: z.string(), timeZone: z.string() }),
      startsAt: z.string(),
      endsAt: z.string(),
      /**
       * The member's note for their stylist: manager, admin and the appointment's own stylist only
       * (left out for anyone else), see docs/decisions/0084-scan-a-card.md.
       */
      note: z.string().optional(),
      status: z.enum(['booked', 'arrived']),
    })
    .nullable(),
  /** The newest visits, newest first (at most 5). */
  visits: z.array(visitSchema),
  /** Manager and admin only (left out for support): balances. */
  points: z.object({ balance: z.number(), pending: z.number() }).optional(),
  /** Manager and admin only (left out for support): the newest purchases (at most 5). */
  purchases: z
    .array(
      z.object({
        at: z.string(),
        /** Minor units of `currency`; null when the till sent no order value. */
        amount: z.number().nullable(),
        currency: z.string().nullable(),
        points: z.number(),
        store: z.string().nullable(),
      }),
    )
    .optional(),
  /** Names this look-up's visit: recording it twice (a second tap, a retry) records it once. */
  visitId: z.string(),
});

export const scanEndpoint = endpoint({
  method: 'POST',
  path: '/staff-api/scan',
  access: { door: 'staff', role: 'support' },
  request: z.object({
    code: text().trim().min(1, 'Scan or type a card number').max(512, 'That is too long for a card'),
    /** The tablet's store, when it has one: today's appointment is looked for there only. */
    storeId: z.uuid('Choose the store').optional(),
  }),
  response: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('member'), member: scannedMemberSchema }),
    /**
     * An event ticket (the member's QR code, docs/decisions/0087-events.md): the scan checked its
     * member in. A second scan is 409 AlreadyCheckedIn with `checkedInAt`, not this answer.
     */
    z.object({
      kind: z.literal('ticket'),
      ticket: z.object({
        event: z.object({ title: z.string(), startsAt: z.string(), timeZone: z.string() }),
        fullName: z.string(),
        loyaltyId: z.string(),
        guests: z.number(),
        checkedInAt: z.string(),
      }),
    }),
  ]),
});

export const scanStoresEndpoint = endpoint({
  method: 'GET',
  path: '/staff-api/scan/stores',
  access: { door: 'staff', role: 'support' },
  request: z.object({}),
  response: z.object({
    stores: z.array(z.object({ id: z.string(), code: z.string(), name: z.string() })),
  }),
});

export const recordVisitEndpoint = endpoint({
  method: 'POST',
  path: '/staff-api/scan/visit',
  audit: 'store_visit.record',
  access: { door: 'staff', role: 'support' },
  request: z.object({
    visitId: z.uuid('Scan the card again'),
    loyaltyId: text().regex(cardNumberPattern, 'Name the member by card number'),
    storeId: z.uuid('Choose the store'),
  }),
  response: z.object({
    /** False when this visit had already been recorded (a second tap): nothing new was written. */
    recorded: z.boolean(),
    visit: visitSchema,
  }),
});
