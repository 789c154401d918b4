import { z } from 'zod';
import { outcome } from './common.ts';
import { endpoint } from './endpoint.ts';

/**
 * One-click unsubscribe (RFC 8058) from a marketing mail: the mail's own link, no sign-in. A mail
 * client POSTs `List-Unsubscribe=One-Click` as a form; the page's button posts JSON. The body is not
 * read: the token in the path is the whole proof.
 */
export const unsubscribeEndpoint = endpoint({
  method: 'POST',
  path: '/unsubscribe/:token',
  access: { door: 'member', who: 'public' },
  request: z.unknown(),
  response: z.object({ ...outcome, unsubscribed: z.enum(['now', 'already']) }),
});
