import type { FastifyInstance } from 'fastify';
import { requestVerificationResendEndpoint, verifyEmailEndpoint } from '#shared/api/joining.ts';
import type { AppContext } from '../app-context.ts';
import { route } from '../http/routes.ts';
import { requireSession } from '../sessions/session-plugin.ts';
import { signedIn } from '../signin/signed-in.ts';
import { alreadyVerifiedMessage, resendVerification, verifyEmail } from './verification-service.ts';

export function registerVerificationRoutes(app: FastifyInstance, ctx: AppContext): void {
  // SPEC §4 Email verification: the link proves the address, verifies it and signs the member in.
  route(app, verifyEmailEndpoint, async ({ username, token }, request, reply) => {
    const account = await verifyEmail(ctx, { username, token });
    if (!account?.can_sign_in) return { success: true, message: alreadyVerifiedMessage };
    return signedIn(ctx, request, reply, account);
  });

  // SPEC §5: rate limited per account; the window is verificationResendWindowMinutes.
  route(app, requestVerificationResendEndpoint, async (_body, request) => {
    await resendVerification(ctx, requireSession(request).accountId);
    return { success: true, message: 'We have sent you a new verification email.' };
  });
}
