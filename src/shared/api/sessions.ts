import { z } from 'zod';
import { emptyRequestSchema, outcome } from './common.ts';
import { endpoint } from './endpoint.ts';

/**
 * Sessions and devices: the signed-in member's own live sessions, and ending them.
 * A session is named by a random id of its own, never by anything its cookie holds; another
 * member's id answers 404 `SessionUnknown`, exactly as an unknown one does.
 */
const memberSessionSchema = z.object({
  id: z.string(),
  /** "Chrome", "Safari"…; null when the browser did not say. */
  browser: z.string().nullable(),
  /** "macOS", "iPhone", "Android"…; null when the browser did not say. */
  platform: z.string().nullable(),
  /** When the member signed in (the session started). */
  signedInAt: z.string(),
  /** The last request of the session, to within a few minutes (the idle clock: session-service.ts). */
  lastUsedAt: z.string(),
  /** The session of the browser asking. */
  current: z.boolean(),
  /** The passkey it signed in with, if any (its entry on /help/passkeys). */
  passkey: z.object({ id: z.string(), title: z.string() }).nullable(),
});
export type MemberSession = z.infer<typeof memberSessionSchema>;

export const sessionsEndpoint = endpoint({
  method: 'GET',
  path: '/api/sessions',
  access: { door: 'member', who: 'signed-in' },
  request: z.object({}),
  response: z.object({ ...outcome, sessions: z.array(memberSessionSchema) }),
});

/** Ends one session of the member's; ending the current one signs this browser out. */
export const endSessionEndpoint = endpoint({
  method: 'POST',
  path: '/api/sessions/end',
  access: { door: 'member', who: 'signed-in' },
  request: z.object({ id: z.uuid('Unknown session') }),
  response: z.object({ ...outcome, signedOut: z.boolean() }),
});

/** "Sign out everywhere else": every session of the member but the current one. */
export const endOtherSessionsEndpoint = endpoint({
  method: 'POST',
  path: '/api/sessions/end-others',
  access: { door: 'member', who: 'signed-in' },
  request: emptyRequestSchema,
  response: z.object({ ...outcome, ended: z.number().int() }),
});
