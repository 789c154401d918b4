import { z } from 'zod';
import { emptyRequestSchema, outcome } from './common.ts';
import { endpoint } from './endpoint.ts';
import { text } from './text.ts';

/** SPEC §7 POST /api/link-with-nike: where to send the browser to sign in at the provider. */
export const linkWithNikeEndpoint = endpoint({
  method: 'POST',
  path: '/api/link-with-nike',
  access: { door: 'member', who: 'signed-in' },
  request: emptyRequestSchema,
  response: z.object({ ...outcome, link: z.string().optional(), errorCode: z.string().optional() }),
});

/**
 * SPEC §7 POST /api/complete-link-with-nike: the provider's answer, passed on from the callback's
 * query. `state` is the OAuth state the provider returned alongside the code (checked against the
 * session that started the link).
 */
export const completeLinkWithNikeEndpoint = endpoint({
  method: 'POST',
  path: '/api/complete-link-with-nike',
  access: { door: 'member', who: 'signed-in' },
  request: z.object({
    /**
     * The callback's whole query string, unchanged (every parameter the provider sent, `iss`
     * included: RFC 9207). When present it is what the server checks; the named fields below are
     * the spec's, for callers that send only those.
     */
    query: text({ trim: false }).max(8192).nullish(),
    code: text({ trim: false }).max(2048).nullish(),
    state: text({ trim: false }).max(512).nullish(),
    error: text({ trim: false }).max(256).nullish(),
    errorDescription: text({ trim: false }).max(2048).nullish(),
  }),
  response: z.object({ ...outcome, errorCode: z.string().optional() }),
});

/** Ends the member's sportswear link (My details); the provider is asked to revoke its grant. */
export const unlinkNikeEndpoint = endpoint({
  method: 'POST',
  path: '/api/unlink-nike',
  access: { door: 'member', who: 'signed-in' },
  request: emptyRequestSchema,
  response: z.object(outcome),
});
