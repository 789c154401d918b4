import { z } from 'zod';
import { accountSchema, googlePaySchema } from './common.ts';
import { endpoint } from './endpoint.ts';

export const viewerResponseSchema = z.object({
  isAnonymous: z.boolean(),
  account: accountSchema.nullable(),
  googlePay: googlePaySchema.nullable(),
  sentry: z.object({ dsn: z.string(), environment: z.string() }).nullable(),
  /** Set when the account's homeOrigin differs from this origin (SPEC §3): where to send the member. */
  homeRedirect: z.string().nullable(),
  /**
   * The member's card in a wallet: 'in-wallet' while a phone holds the Apple pass or Google reported
   * it saved, 'removed' once it was and no longer is; absent or null if it never was.
   */
  walletPresence: z.enum(['in-wallet', 'removed']).nullable().optional(),
});
export type ViewerResponse = z.infer<typeof viewerResponseSchema>;

export const viewerEndpoint = endpoint({
  method: 'GET',
  path: '/api-w/viewer',
  access: { door: 'member', who: 'public' },
  request: z.object({}),
  response: viewerResponseSchema,
});
