import { z } from 'zod';
import { isAllowedNext } from '../domain/after-sign-in.ts';
import { emailField, emptyRequestSchema, outcome, outcomeSchema, signedInSchema } from './common.ts';
import { endpoint } from './endpoint.ts';
import { text } from './text.ts';

/** SPEC §7 request-magic-link: the same answer whether or not the email belongs to a member. */
export const requestMagicLinkEndpoint = endpoint({
  method: 'POST',
  path: '/api/request-magic-link',
  access: { door: 'member', who: 'public' },
  request: z.object({
    email: emailField,
    /** Where the link should land after signing in (SPEC §2 Sign in's `next`): the wallet or a help page. */
    next: z.string().refine(isAllowedNext).optional().catch(undefined),
  }),
  response: outcomeSchema,
});

const tokenField = text().min(1, 'The link is incomplete').max(200);

/**
 * SPEC §7 magic-link: consumes the emailed token and signs in. Opened in another browser than the one
 * that asked for it, the answer is `confirmationRequired` and the token stays live until the page's
 * button sends `confirmed` (mail scanners open every link).
 */
export const magicLinkEndpoint = endpoint({
  method: 'POST',
  path: '/api/magic-link',
  access: { door: 'member', who: 'public' },
  request: z.object({ token: tokenField, confirmed: z.boolean().optional() }),
  response: signedInSchema.extend({ confirmationRequired: z.boolean().optional() }),
});

/** SPEC §7 request-password-reset: the same answer whether or not the email belongs to a member. */
export const requestPasswordResetEndpoint = endpoint({
  method: 'POST',
  path: '/api/request-password-reset',
  access: { door: 'member', who: 'public' },
  request: z.object({ username: emailField }),
  response: outcomeSchema,
});

/** SPEC §7 password-reset: sets the new password, signs in, ends every other session. */
export const passwordResetEndpoint = endpoint({
  method: 'POST',
  path: '/api/password-reset',
  access: { door: 'member', who: 'public' },
  request: z.object({
    username: emailField,
    // Length and strength are checked by the server so it can answer invalidPassword (SPEC §7).
    password: text({ trim: false }).max(1024),
    token: tokenField,
  }),
  response: signedInSchema.extend({
    invalidPassword: z.boolean().optional(),
    isExpired: z.boolean().optional(),
  }),
});

/** SPEC §7 change-password, for the signed-in member; ends their other sessions. */
export const changePasswordEndpoint = endpoint({
  method: 'POST',
  path: '/api/change-password',
  access: { door: 'member', who: 'signed-in' },
  request: z.object({ password: text({ trim: false }).max(1024) }),
  response: z.object({ ...outcome, invalidPassword: z.boolean().optional() }),
});

/** SPEC §3 Passkey, as the list shows it. */
export const passkeySchema = z.object({
  _id: z.string(),
  title: z.string(),
  keyNumber: z.number().int(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  lastUsedBrowser: z.string().nullable(),
  lastUsedBrowserDeviceVendor: z.string().nullable(),
  lastUsedBrowserOS: z.string().nullable(),
  isActiveSession: z.boolean(),
});
export type Passkey = z.infer<typeof passkeySchema>;

/** SPEC §7 GET /api/passkeys: an array. */
export const passkeysEndpoint = endpoint({
  method: 'GET',
  path: '/api/passkeys',
  access: { door: 'member', who: 'signed-in', feature: 'passkeys' },
  request: z.object({}),
  response: z.array(passkeySchema),
});

export const passkeyTitleField = text()
  .min(1, 'Enter a name for the passkey')
  .max(60, 'Use at most 60 characters');

export const renamePasskeyEndpoint = endpoint({
  method: 'POST',
  path: '/api/passkeys/rename',
  access: { door: 'member', who: 'signed-in', feature: 'passkeys' },
  request: z.object({ id: z.uuid('Unknown passkey'), title: passkeyTitleField }),
  response: z.object({ ...outcome, passkey: passkeySchema.optional() }),
});

export const removePasskeyEndpoint = endpoint({
  method: 'POST',
  path: '/api/passkeys/remove',
  access: { door: 'member', who: 'signed-in', feature: 'passkeys' },
  request: z.object({ id: z.uuid('Unknown passkey') }),
  response: outcomeSchema,
});

/** WebAuthn options as @simplewebauthn/server makes them; the browser library reads them. */
export const webAuthnOptionsSchema = z.looseObject({ challenge: z.string() });

/** A credential as @simplewebauthn/browser returns it; the server library verifies every byte. */
export const webAuthnCredentialSchema = z.looseObject({
  id: text({ trim: false }).min(1).max(1024),
  rawId: text({ trim: false }).min(1).max(1024),
  type: z.literal('public-key'),
  response: z.looseObject({ clientDataJSON: text({ trim: false }).min(1).max(16_384) }),
  clientExtensionResults: z.looseObject({}).default({}),
});

export const passkeyRegistrationOptionsEndpoint = endpoint({
  method: 'POST',
  path: '/api/passkeys/registration-options',
  access: { door: 'member', who: 'signed-in', feature: 'passkeys' },
  request: emptyRequestSchema,
  response: z.object({ ...outcome, options: webAuthnOptionsSchema.optional() }),
});

/** SPEC §7: register returns success, message. */
export const passkeyRegisterEndpoint = endpoint({
  method: 'POST',
  path: '/api/passkeys/register',
  access: { door: 'member', who: 'signed-in', feature: 'passkeys' },
  request: z.object({ response: webAuthnCredentialSchema }),
  response: z.object({ ...outcome, passkey: passkeySchema.optional() }),
});

export const passkeyLoginOptionsEndpoint = endpoint({
  method: 'POST',
  path: '/api/passkeys/login-options',
  access: { door: 'member', who: 'public', feature: 'passkeys' },
  request: z.object({ autofill: z.boolean().default(false) }),
  response: z.object({ ...outcome, options: webAuthnOptionsSchema.optional() }),
});

/** SPEC §7: login returns success, account, failOver, message (failOver: email a magic link instead). */
export const passkeyLoginEndpoint = endpoint({
  method: 'POST',
  path: '/api/passkeys/login',
  access: { door: 'member', who: 'public', feature: 'passkeys' },
  request: z.object({ response: webAuthnCredentialSchema }),
  response: signedInSchema.extend({ failOver: z.boolean().optional() }),
});
