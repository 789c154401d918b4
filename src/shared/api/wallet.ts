import { z } from 'zod';
import { outcome } from './common.ts';
import { endpoint } from './endpoint.ts';
import { text } from './text.ts';

/** The onboarding step's short-lived wallet token (see src/server/wallet/wallet-tokens.ts). */
const walletTokenQuery = z.object({ token: text({ trim: false }).min(1).max(200).optional() });

/** SPEC §3 Google pass response, §7 GET /api/google-pay/pass. */
export const googlePayPassEndpoint = endpoint({
  method: 'GET',
  path: '/api/google-pay/pass',
  access: { door: 'member', who: 'public' },
  request: walletTokenQuery,
  response: z.object({
    ...outcome,
    saveUrl: z.string().optional(),
    /** LOGIN_REQUIRED when neither a session nor a live token names the member. */
    errorCode: z.string().optional(),
  }),
});

/** SPEC §7 GET /api/passkit: reached by a plain link; answers the .pkpass file itself. */
export const passkitPath = '/api/passkit';
export const passkitQuerySchema = walletTokenQuery;
