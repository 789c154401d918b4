import { z } from 'zod';
import { claimSchema } from './claims.ts';
import { accountSchema, outcome } from './common.ts';
import { endpoint } from './endpoint.ts';

const consentChannels = ['email', 'whatsapp'] as const;

/**
 * Where a consent answer was given, as the member reads it (never the raw source, which may carry a
 * store's sign-up token): at joining (invitation or sign-up), at joining in a store (guided sign-up),
 * on My details, in the privacy centre, by a marketing mail's unsubscribe link, or by staff.
 */
export const consentPlaces = [
  'joining',
  'joining-in-store',
  'my-details',
  'privacy-centre',
  'unsubscribe-link',
  'staff',
] as const;

const consentEventSchema = z.object({
  channel: z.enum(consentChannels),
  choice: z.enum(['consent', 'decline']),
  place: z.enum(consentPlaces),
  recordedAt: z.string(),
});
export type ConsentEvent = z.infer<typeof consentEventSchema>;

/** The member's consent history, newest first (DESIGN: append-only; the current state is the latest). */
export const consentHistoryEndpoint = endpoint({
  method: 'GET',
  path: '/api/privacy/consents',
  access: { door: 'member', who: 'signed-in' },
  request: z.object({}),
  response: z.object({ ...outcome, history: z.array(consentEventSchema) }),
});

/** One-tap withdrawal of one channel's marketing consent (a decline, recorded as given in the privacy centre). */
export const withdrawConsentEndpoint = endpoint({
  method: 'POST',
  path: '/api/privacy/withdraw-consent',
  access: { door: 'member', who: 'signed-in' },
  request: z.object({ channel: z.enum(consentChannels, { error: 'Choose email or whatsapp' }) }),
  response: z.object({ ...outcome, account: accountSchema.optional() }),
});

const when = z.string().nullable();

/**
 * GDPR articles 15 and 20: everything the scheme holds about the member, as a JSON file. This schema
 * is what leaves the server (routes.ts filters the answer through it): no password or PIN, no token,
 * no hash, no passkey key, no wallet authentication token or push token, no third-party grant.
 */
export const dataExportSchema = z.object({
  format: z.literal('members-club-data-export/1'),
  exportedAt: z.string(),
  scheme: z.string(),
  account: z.object({
    memberNumber: z.string(),
    fullName: z.string(),
    email: z.string().nullable(),
    emailVerified: z.boolean(),
    newEmailAwaitingVerification: z.string().nullable(),
    telephoneNumber: z.string().nullable(),
    memberSince: z.string(),
    membershipType: z.string(),
    currency: z.string(),
    pointsBalance: z.number(),
    pendingPoints: z.number(),
    cashBalance: z.number(),
    memberDiscount: z.string().nullable(),
    creditAccount: z.boolean(),
    underReview: z.boolean(),
    canSignIn: z.boolean(),
    canRedeem: z.boolean(),
    canConvert: z.boolean(),
    hasPassword: z.boolean(),
    hasCardPin: z.boolean(),
  }),
  consents: z.object({
    current: z.object({
      email: z.enum(['consent', 'decline', 'unknown']),
      whatsapp: z.enum(['consent', 'decline', 'unknown']),
    }),
    history: z.array(consentEventSchema),
  }),
  ledger: z.array(
    z.object({
      id: z.number(),
      kind: z.string(),
      points: z.number(),
      cash: z.number(),
      createdAt: z.string(),
      pointsConfirmAt: when,
      confirmedAt: when,
      orderId: z.string().nullable(),
      channel: z.string().nullable(),
      store: z.string().nullable(),
      fascia: z.string().nullable(),
      orderValue: z.number().nullable(),
      orderCurrency: z.string().nullable(),
      discount: z.string().nullable(),
      reason: z.string().nullable(),
      reversesEntry: z.number().nullable(),
      recordedBy: z.string(),
    }),
  ),
  sessions: z.array(
    z.object({
      startedAt: z.string(),
      lastUsedAt: z.string(),
      lastAuthenticatedAt: z.string(),
      endsAt: z.string(),
      browser: z.string().nullable(),
      deviceVendor: z.string().nullable(),
      operatingSystem: z.string().nullable(),
      userAgent: z.string().nullable(),
      signedInWithPasskey: z.string().nullable(),
      thisSession: z.boolean(),
    }),
  ),
  /** The browsers the member has signed in on, without the random id that names each. */
  knownBrowsers: z.array(z.object({ firstSignInAt: z.string(), lastSignInAt: z.string() })),
  passkeys: z.array(
    z.object({
      title: z.string(),
      keyNumber: z.number(),
      createdAt: z.string(),
      lastUsedAt: when,
      lastUsedBrowser: z.string().nullable(),
      lastUsedDeviceVendor: z.string().nullable(),
      lastUsedOperatingSystem: z.string().nullable(),
      deviceType: z.string(),
      backedUp: z.boolean(),
    }),
  ),
  walletPasses: z.array(
    z.object({
      createdAt: z.string(),
      updatedAt: z.string(),
      appleDevicesRegistered: z.number(),
      savedToGoogleWallet: z.boolean(),
      voidedAt: when,
    }),
  ),
  walletPresence: z.string().nullable(),
  sportswearLink: z.object({ linkedAt: z.string(), accountId: z.string() }).nullable(),
  /** The points expiry reminders emailed to the member: the day the points expired, how many, when sent. */
  pointsExpiryReminders: z.array(z.object({ expiresOn: z.string(), points: z.number(), sentAt: z.string() })),
  /** The private sale codes the member revealed: the sale, the code, when. */
  privateSaleReveals: z.array(z.object({ sale: z.string(), code: z.string(), revealedAt: z.string() })),
  eventInvitations: z.array(z.object({ event: z.string(), startsAt: z.string() })),
  eventRsvps: z.array(
    z.object({
      event: z.string(),
      startsAt: z.string(),
      answer: z.string(),
      guests: z.number(),
      answeredAt: z.string(),
      checkedInAt: z.string().nullable(),
    }),
  ),
  /** The marketing emails sent to the member (a private sale's start…), and whether their link unsubscribed. */
  marketingEmails: z.array(
    z.object({ kind: z.string(), campaign: z.string(), sentAt: z.string(), unsubscribedAt: when }),
  ),
  /** The member's "A purchase is missing?" reports, with their state and any refusal reason. */
  missingPurchaseReports: z.array(claimSchema.omit({ id: true })),
  /** The stylist who looks after the member (the name members see), null without one. */
  personalShopper: z.object({ name: z.string() }).nullable(),
  /** The member's visits to the scheme's stores, recorded by staff who scanned their card. */
  storeVisits: z.array(z.object({ visitedAt: z.string(), store: z.string(), storeCode: z.string() })),
  /** The member's appointments with stylists, with their notes, whatever their state. */
  appointments: z.array(
    z.object({
      service: z.string(),
      stylist: z.string(),
      store: z.string(),
      startsAt: z.string(),
      endsAt: z.string(),
      note: z.string(),
      status: z.string(),
      bookedBy: z.string(),
      bookedAt: z.string(),
      reminderSentAt: z.string().nullable(),
    }),
  ),
  /** What staff and partner systems did about the member (the audit log), without who the staff member was. */
  staffActions: z.array(
    z.object({
      at: z.string(),
      action: z.string(),
      by: z.string(),
      change: z.record(z.string(), z.unknown()),
    }),
  ),
  invitations: z.array(
    z.object({
      fullName: z.string(),
      email: z.string(),
      from: z.string().nullable(),
      existingCustomer: z.boolean(),
      sentAt: z.string(),
      expiresAt: z.string(),
      acceptedAt: when,
    }),
  ),
});
export type DataExport = z.infer<typeof dataExportSchema>;

/**
 * The data export, served as a file (Content-Disposition: attachment). Needs a recent sign-in or
 * re-confirmation: it is the whole dossier in one request (docs/decisions/0059-privacy-centre-the-data-export.md).
 */
export const dataExportEndpoint = endpoint({
  method: 'GET',
  path: '/api/privacy/export',
  access: { door: 'member', who: 'signed-in' },
  request: z.object({}),
  response: dataExportSchema,
});
