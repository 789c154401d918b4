import { z } from 'zod';
import { partnerScopes } from './api-keys.ts';
import { claimSchema } from './claims.ts';
import { ledgerKinds } from './points.ts';
import { claimConflictSchema, claimFindings } from './staff-claims.ts';

/**
 * What the partner API answers, as zod schemas: the source of the OpenAPI document's response
 * schemas (partner-endpoints.ts, partner-admin-endpoints.ts). partner-audit.api.test.ts parses every answer of every write with
 * these, so the document cannot drift from what the routes send.
 */

const nullableText = z.string().nullable();

const ledgerEntrySchema = z.object({
  id: z.string().meta({ description: 'The ledger entry id.' }),
  kind: z.enum(ledgerKinds).meta({ description: 'What the entry is.' }),
  /** The partner's key (orderId, returnId, adjustmentId, redemptionId). */
  key: nullableText,
  loyaltyId: z.string().meta({ description: "The member's card number." }),
  points: z.number().int().meta({ description: 'Points added (positive) or taken (negative).' }),
  /** Cash credit in minor units (exchanges and redemptions). */
  cash: z.number().int().meta({ description: 'Cash credit in minor units (exchanges and redemptions).' }),
  pending: z.boolean().meta({ description: 'Whether the points wait for the returns window.' }),
  confirmsAt: nullableText.meta({ description: 'When pending points become spendable.' }),
  orderId: nullableText,
  channel: nullableText,
  storeDisplayName: nullableText,
  fasciaDisplayName: nullableText,
  value: z.number().int().nullable(),
  currency: nullableText,
  discount: nullableText,
  reason: nullableText,
  createdAt: z.string(),
});

export const entryResponse = z.object({ success: z.literal(true), entry: ledgerEntrySchema });

/** A purchase for a card or email no member has: kept unmatched (202), for its member to claim. */
const unmatchedSchema = z.object({
  orderId: z.string(),
  memberReference: z.string().meta({ description: 'The card number or email the purchase named.' }),
  points: z.number().int(),
  receivedAt: z.string(),
  claimed: z.boolean(),
});

export const unmatchedResponse = z.object({
  success: z.literal(true),
  unmatched: unmatchedSchema,
  message: z.string(),
});

/** 201 with the member's entry, or 202 with the unmatched purchase. */
export const purchaseResponse = z.union([entryResponse, unmatchedResponse]);

const staffClaimSchema = claimSchema.extend({
  member: z.object({ loyaltyId: z.string(), fullName: z.string(), email: nullableText }),
  finding: z.enum(claimFindings),
  conflict: claimConflictSchema,
  purchase: z
    .object({
      onCard: nullableText,
      memberReference: nullableText,
      purchasedAt: z.string(),
      channel: z.string(),
      store: nullableText,
      value: z.number().int(),
      currency: z.string(),
      points: z.number().int(),
    })
    .nullable(),
});

export const claimsResponse = z.object({ success: z.literal(true), claims: z.array(staffClaimSchema) });
export const claimResponse = z.object({ success: z.literal(true), claim: staffClaimSchema });

export const failureResponse = z.object({
  success: z.literal(false),
  error: z.string(),
  message: z.string(),
  fieldErrors: z
    .record(z.string(), z.string())
    .optional()
    .meta({ description: 'What is wrong with each field, by its path (InvalidRequest).' }),
  requiredScope: z
    .enum(partnerScopes)
    .optional()
    .meta({ description: 'The scope the key lacks (InsufficientScope).' }),
});

export const batchResponse = z.object({
  success: z.literal(true),
  results: z.array(
    z.union([
      z.object({
        orderId: z.string(),
        status: z.literal(201),
        replayed: z.boolean(),
        entry: ledgerEntrySchema,
      }),
      z.object({
        orderId: z.string(),
        status: z.literal(202),
        replayed: z.boolean(),
        unmatched: unmatchedSchema,
        message: z.string(),
      }),
      failureResponse.extend({ orderId: nullableText, status: z.number().int() }),
    ]),
  ),
});

export const memberCreatedResponse = z.object({
  member: z.object({ id: z.string(), loyaltyId: z.string(), email: z.string(), fullName: z.string() }),
});

export const memberResponse = z.object({
  success: z.literal(true),
  member: z.object({
    id: z.string(),
    loyaltyId: z.string(),
    email: nullableText,
    fullName: z.string(),
    /** The member's own number, given on Edit details, in the international form. */
    telephoneNumber: nullableText,
    createdAt: z.string(),
    currency: z.string(),
    pointsBalance: z.number().int(),
    pendingPointsBalance: z.number().int(),
    cashBalance: z.number().int(),
    vipLevel: nullableText,
    emailVerified: z.boolean(),
    isCredit: z.boolean(),
    underReview: z.boolean(),
    accessRules: z.object({ canRedeem: z.boolean(), canConvert: z.boolean(), canSignIn: z.boolean() }),
    recent: z.array(ledgerEntrySchema),
  }),
});

const burnRate = z.object({
  pointsLevel: z.number().int().meta({ description: 'Points a member exchanges.' }),
  cashValue: z
    .number()
    .int()
    .meta({ description: "Cash credit they buy, in the currency's minor unit (pence)." }),
});
export const burnRatesResponse = z.object({
  success: z.literal(true),
  burnRates: z.array(burnRate),
  currency: z
    .string()
    .meta({ description: "The scheme's currency (ISO 4217), the cash credit's.", examples: ['GBP'] }),
  locale: z.enum(['en-GB', 'da-DK']).meta({
    description: "The scheme's locale, to show amounts as its members read them.",
    examples: ['en-GB'],
  }),
});

/** A run of the points expiry job: the points it expired and the reminders it wrote. */
export const pointsExpiryRunResponse = z.object({
  success: z.literal(true),
  expiredPoints: z.number().int(),
  reminders: z.number().int(),
});

const namedMember = z.object({ loyaltyId: z.string(), email: z.string() });

export const signOutResponse = z.object({
  member: namedMember,
  sessionsEnded: z.number().int(),
  passkeysRemoved: z.number().int(),
});

export const passwordResetResponse = z.object({ member: namedMember, sent: z.literal(true) });

export const deletedResponse = z.object({ deleted: z.literal(true), loyaltyId: z.string() });

export const mailStatusResponse = z.object({
  pending: z.number().int(),
  sent: z.number().int(),
  givenUp: z.number().int(),
  undelivered: z.array(
    z.object({
      id: z.string(),
      to: z.string(),
      subject: z.string(),
      state: z.enum(['given-up', 'retrying']),
      attempts: z.number().int(),
      lastError: nullableText,
      createdAt: z.string(),
      nextAttemptAt: nullableText,
      givenUpAt: nullableText,
    }),
  ),
});

export const mailRetryResponse = z.object({ id: z.string(), queued: z.literal(true) });

export const demoResponse = z.object({
  created: z.boolean(),
  email: z.string(),
  password: z.string(),
  loyaltyId: z.string(),
});
