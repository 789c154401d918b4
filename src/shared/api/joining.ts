import { z } from 'zod';
import { telephoneMaxLength } from '../domain/telephone.ts';
import { emailField, outcome, outcomeSchema, signedInSchema } from './common.ts';
import { endpoint } from './endpoint.ts';
import { text } from './text.ts';

/** Emailed tokens are 256-bit base64url strings; anything else is a mangled link. */
export const emailedToken = text().min(1).max(200);

export type { InviteCode } from '../domain/invite-codes.ts';

/** SPEC §3 Invite details, plus who the invitation is from (§2) and whether a password is asked. */
export const inviteCustomerSchema = z.object({
  fullName: z.string(),
  email: z.string(),
  existingCustomer: z.boolean(),
});

export const acceptInviteStatusEndpoint = endpoint({
  method: 'POST',
  path: '/api/accept-invite-status',
  access: { door: 'member', who: 'public' },
  request: z.object({ token: text({ trim: false }).max(500) }),
  response: z.object({
    ...outcome,
    customer: inviteCustomerSchema.optional(),
    /** The stylist or team the invitation is from. */
    invitedBy: z.string().nullable().optional(),
    /** A password is asked of a new customer when magic-link logins are off (SPEC §2, §5). */
    passwordRequired: z.boolean().optional(),
    /** The invited customer's account already has a telephone number: WhatsApp can be offered at once. */
    hasTelephoneNumber: z.boolean().optional(),
    isExpired: z.boolean().optional(),
  }),
});

const allowMarketing = z.boolean({ error: 'Choose whether you would like to hear from us by email' });
/** WhatsApp messages need a number to go to: consent to them is refused without one (400 TelephoneRequired). */
const allowMarketingWhatsApp = z.boolean().nullable().optional();
/**
 * With telephone numbers on, the number WhatsApp messages go to, in the scheme's country's format
 * (national or international); kept in the international form. Optional: only WhatsApp needs it.
 */
const telephoneNumber = text().max(telephoneMaxLength, 'Enter a telephone number').nullable().optional();

export const acceptInviteEndpoint = endpoint({
  method: 'POST',
  path: '/api/accept-invite',
  access: { door: 'member', who: 'public' },
  request: z.object({
    token: text({ trim: false }).max(500),
    /** The address to be known by: the invited one, or another one to prove (SPEC §2 step 1). */
    email: emailField.optional(),
    password: text({ trim: false }).max(1024).nullable().optional(),
    fullName: text({ trim: false }).max(200).optional(),
    allowMarketing,
    allowMarketingWhatsApp,
    telephoneNumber,
  }),
  response: signedInSchema.extend({
    isExpired: z.boolean().optional(),
    invalidPassword: z.boolean().optional(),
  }),
});

/** SPEC §5 sign-up: over 17 and agreement to the scheme terms and privacy policy. */
const confirmations = {
  confirmAge: z.literal(true, { error: 'Confirm that you are over 17' }),
  acceptTerms: z.literal(true, { error: 'Agree to the terms and privacy policy' }),
};

export const signupEndpoint = endpoint({
  method: 'POST',
  path: '/api/signup',
  access: { door: 'member', who: 'public' },
  request: z.object({
    username: emailField,
    password: text({ trim: false }).max(1024).nullable().optional(),
    name: text().min(1, 'Enter your name').max(200),
    allowMarketing,
    allowMarketingWhatsApp,
    telephoneNumber,
    ...confirmations,
  }),
  response: signedInSchema.extend({
    verificationRequired: z.boolean().optional(),
    invalidPassword: z.boolean().optional(),
  }),
});

/** The in-store VIP signup (/store/signup/:token?): the customer finishes from the emailed link. */
export const guidedSignupEndpoint = endpoint({
  method: 'POST',
  path: '/api/guided-signup',
  access: { door: 'member', who: 'public' },
  request: z.object({
    username: emailField,
    name: text().min(1, 'Enter your name').max(200),
    allowMarketing,
    allowMarketingWhatsApp,
    telephoneNumber,
    /** The optional :token of /store/signup/:token: which store or stylist signed the customer up. */
    storeToken: text().max(100).nullable().optional(),
    ...confirmations,
  }),
  response: outcomeSchema.extend({ emailSent: z.boolean().optional() }),
});

export const completeSignupEndpoint = endpoint({
  method: 'POST',
  path: '/api/complete-signup',
  access: { door: 'member', who: 'public' },
  request: z.object({
    username: text().toLowerCase().max(254),
    password: text({ trim: false }).max(1024).nullable().optional(),
    token: text({ trim: false }).max(500),
    /** Sent by the page's button when the link was opened elsewhere than where it was asked for. */
    confirmed: z.boolean().optional(),
  }),
  response: signedInSchema.extend({
    invalidPassword: z.boolean().optional(),
    isExpired: z.boolean().optional(),
    confirmationRequired: z.boolean().optional(),
  }),
});

export const verifyEmailEndpoint = endpoint({
  method: 'POST',
  path: '/api/verify-email',
  access: { door: 'member', who: 'public' },
  request: z.object({
    username: text().toLowerCase().max(254),
    token: text({ trim: false }).max(500),
    /** Sent by the page's button when the link was opened elsewhere than where it was asked for. */
    confirmed: z.boolean().optional(),
  }),
  response: signedInSchema.extend({
    isExpired: z.boolean().optional(),
    confirmationRequired: z.boolean().optional(),
  }),
});

export const requestVerificationResendEndpoint = endpoint({
  method: 'POST',
  path: '/api/request-verification-resend',
  access: { door: 'member', who: 'signed-in' },
  request: z.object({}),
  response: outcomeSchema,
});

/** Partner API / operator CLI: staff invite someone. */
export const createInviteRequest = z.object({
  email: emailField,
  name: text().min(1, 'Enter the name of the person invited').max(200),
  from: text().min(1).max(200).nullable().optional(),
  /** Staff know the person as an existing customer (no password; email locked). */
  existing: z.boolean().optional(),
  /**
   * The email of the stylist sending it, who becomes the member's personal shopper when they join
   * (and the invitation's `from` when that is left out). Must be an active stylist: 422 NotAStylist.
   */
  stylist: emailField.optional(),
});

export const createInviteResponse = z.object({
  success: z.literal(true),
  invite: z.object({
    id: z.string(),
    email: z.string(),
    fullName: z.string(),
    invitedBy: z.string().nullable(),
    existingCustomer: z.boolean(),
    expiresAt: z.string(),
    acceptUrl: z.string(),
  }),
});

export type AcceptInviteStatusResponse = z.output<typeof acceptInviteStatusEndpoint.response>;
export type AcceptInviteRequest = z.input<typeof acceptInviteEndpoint.request>;
export type AcceptInviteResponse = z.output<typeof acceptInviteEndpoint.response>;
export type SignupRequest = z.input<typeof signupEndpoint.request>;
export type SignupResponse = z.output<typeof signupEndpoint.response>;
export type GuidedSignupRequest = z.input<typeof guidedSignupEndpoint.request>;
export type GuidedSignupResponse = z.output<typeof guidedSignupEndpoint.response>;
export type CompleteSignupResponse = z.output<typeof completeSignupEndpoint.response>;
export type VerifyEmailResponse = z.output<typeof verifyEmailEndpoint.response>;
