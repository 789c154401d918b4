import { z } from 'zod';
import { emailMaxLength, emailPattern } from '../domain/email-rules.ts';
import { text } from './text.ts';

/** Fields shared by most responses of SPEC §7. */
export const outcome = {
  success: z.boolean(),
  message: z.string().optional(),
  error: z.string().optional(),
};

/** A plain `{ success, message }` answer. */
export const outcomeSchema = z.object(outcome);

/** What a request with no payload of its own sends (the call helper may add client context). */
export const emptyRequestSchema = z.object({});

/** An email address (trimmed, lowercased); the screens check the same rule (domain/email-rules.ts). */
export const emailField = text()
  .toLowerCase()
  .min(1, 'Enter your email address')
  .max(emailMaxLength)
  .pipe(z.email({ pattern: emailPattern, error: 'Enter a valid email address' }));

export const consentChoiceSchema = z.enum(['consent', 'decline', 'unknown']);

/** SPEC §3 Account, as the browser sees it. Money is in minor units (pence), points are whole. */
export const accountSchema = z.object({
  id: z.string(),
  loyaltyId: z.string(),
  cardNumber: z.string(),
  fullName: z.string(),
  email: z.string(),
  /** A new address asked for and not yet proven by its link; `email` stays the account's until it is. */
  pendingEmail: z.string().nullable().optional(),
  telephoneNumber: z.string().nullable(),
  createdAt: z.string(),
  pin: z.string().nullable(),
  emailIsVerified: z.boolean(),
  emailVerified: z.boolean(),
  emailVerificationRequestResendAvailable: z.boolean(),
  currency: z.string(),
  cashBalance: z.number().int(),
  maxAvailableCashValue: z.number().int(),
  pointsBalance: z.number().int(),
  pendingPointsBalance: z.number().int(),
  vipLevel: z.string().nullable(),
  isCredit: z.boolean(),
  underReview: z.boolean(),
  homeOrigin: z.string().nullable(),
  accessRules: z.object({ canRedeem: z.boolean(), canConvert: z.boolean(), canSignIn: z.boolean() }),
  membership: z.object({
    marketingConsent: consentChoiceSchema,
    marketingConsentWhatsApp: consentChoiceSchema,
    type: z.object({ name: z.string(), allowedCurrencies: z.array(z.string()) }),
  }),
  /** Whether a sportswear (Nike) account is linked (SPEC §4 Nike link; shown on My details). */
  nikeLinked: z.boolean().optional(),
  /** Whether the member has a password (one invited by link or passkey may never have had one). */
  hasPassword: z.boolean().optional(),
  /** Who the member's invitation was from (their personal shopper), when they joined by one. */
  personalShopper: z.string().nullable().optional(),
});
export type Account = z.infer<typeof accountSchema>;

/** Carried alongside the account (SPEC §3). */
export const googlePaySchema = z.object({ saveUrl: z.string().nullable() });
export type GooglePay = z.infer<typeof googlePaySchema>;

/** The answer of every call that signs a member in. */
export const signedInSchema = z.object({
  ...outcome,
  account: accountSchema.optional(),
  googlePay: googlePaySchema.optional(),
});
