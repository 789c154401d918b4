import type { FastifyInstance } from 'fastify';
import { requestVerificationResendEndpoint, verifyEmailEndpoint } from '#shared/api/joining.ts';
import type { AppContext } from '../app-context.ts';
import { route } from '../http/routes.ts';
import { signedIn } from '../signin/signed-in.ts';
import { bindToThisBrowser, confirmationRequired, openerOf } from '../tokens/link-browser.ts';
import { alreadyVerifiedMessage, resendVerification, verifyEmail } from './verification-service.ts';

export function registerVerificationRoutes(app: FastifyInstance, ctx: AppContext): void {
  // SPEC §4 Email verification: the link proves the address, verifies it and signs the member in.
  // Opened elsewhere than where it was asked for, it waits for the page's button. A new
  // address asked for by an account is proven only in that account's session (verification-service.ts).
  route(app, verifyEmailEndpoint, async ({ username, token, confirmed }, request, reply) => {
    const account = await verifyEmail(
      ctx,
      { username, token },
      openerOf(ctx, request, confirmed),
      request.session?.accountId ?? null,
    );
    if (account === 'unconfirmed') return confirmationRequired('verify your email address');
    if (!account?.can_sign_in) return { success: true, message: alreadyVerifiedMessage };
    return signedIn(ctx, request, reply, account);
  });

  // SPEC §5: rate limited per account; the window is verificationResendWindowMinutes.
  route(app, requestVerificationResendEndpoint, async (_body, request, reply, session) => {
    await resendVerification(ctx, session.accountId, bindToThisBrowser(ctx, request, reply));
    return { success: true, message: 'We have sent you a new verification email.' };
  });
}
