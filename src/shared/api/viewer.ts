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
});
export type ViewerResponse = z.infer<typeof viewerResponseSchema>;

export const viewerEndpoint = endpoint({
  method: 'GET',
  path: '/api-w/viewer',
  request: z.object({}),
  response: viewerResponseSchema,
});
