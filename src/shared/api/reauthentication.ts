import { z } from 'zod';
import { emptyRequestSchema, outcome, outcomeSchema } from './common.ts';
import { webAuthnCredentialSchema, webAuthnOptionsSchema } from './credentials.ts';
import { endpoint } from './endpoint.ts';
import { text } from './text.ts';

/**
 * Recent authentication (ASVS 6.2.3). Changing the password, the email address or the passkeys, and
 * deleting the account, answer 403 with this error code when the session's last sign-in (or
 * re-confirmation) is older than recentAuthenticationMinutes. The screen then asks the member to
 * confirm who they are with one of the calls below, and retries.
 */
export const recentAuthenticationRequired = 'RecentAuthenticationRequired';

/** The error codes of the re-confirmation calls, so a screen can word them in its own language. */
export const reauthenticationErrors = [
  'IncorrectPassword',
  'TooManyAttempts',
  'ChallengeExpired',
  'PasskeyRefused',
  'TooManyRequests',
  'LinkExpired',
  'OtherBrowser',
] as const;

/** Whether this session may make a sensitive change now (the email-link flow waits on it). */
export const reauthenticationStatusEndpoint = endpoint({
  method: 'GET',
  path: '/api/reauthentication',
  access: { door: 'member', who: 'signed-in' },
  request: z.object({}),
  response: z.object({ success: z.boolean(), recentlyAuthenticated: z.boolean() }),
});

/** Confirms with the account's password; throttled together with password sign-in. */
export const reauthenticateWithPasswordEndpoint = endpoint({
  method: 'POST',
  path: '/api/reauthenticate/password',
  access: { door: 'member', who: 'signed-in' },
  request: z.object({ password: text({ trim: false }).min(1, 'Enter your password').max(1024) }),
  response: outcomeSchema,
});

/** A challenge for one of this account's passkeys (and no other account's). */
export const reauthenticationPasskeyOptionsEndpoint = endpoint({
  method: 'POST',
  path: '/api/reauthenticate/passkey-options',
  access: { door: 'member', who: 'signed-in', feature: 'passkeys' },
  request: emptyRequestSchema,
  response: z.object({ ...outcome, options: webAuthnOptionsSchema.optional() }),
});

export const reauthenticateWithPasskeyEndpoint = endpoint({
  method: 'POST',
  path: '/api/reauthenticate/passkey',
  access: { door: 'member', who: 'signed-in', feature: 'passkeys' },
  request: z.object({ response: webAuthnCredentialSchema }),
  response: outcomeSchema,
});

/** Emails the member a link that re-confirms this session (single use, short-lived). */
export const requestReauthenticationLinkEndpoint = endpoint({
  method: 'POST',
  path: '/api/reauthenticate/request-link',
  access: { door: 'member', who: 'signed-in', feature: 'link-reconfirmation' },
  request: emptyRequestSchema,
  response: outcomeSchema,
});

/** Follows that link: must be opened in the browser (session) that asked for it. */
export const reauthenticateWithLinkEndpoint = endpoint({
  method: 'POST',
  path: '/api/reauthenticate/link',
  access: { door: 'member', who: 'signed-in', feature: 'link-reconfirmation' },
  request: z.object({ token: text().min(1, 'The link is incomplete').max(200) }),
  response: outcomeSchema,
});
