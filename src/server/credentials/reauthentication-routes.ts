import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { FastifyInstance } from 'fastify';
import type { ErrorCode } from '#shared/api/error-codes.ts';
import {
  reauthenticateWithLinkEndpoint,
  reauthenticateWithPasskeyEndpoint,
  reauthenticateWithPasswordEndpoint,
  reauthenticationPasskeyOptionsEndpoint,
  reauthenticationStatusEndpoint,
  requestReauthenticationLinkEndpoint,
} from '#shared/api/reauthentication.ts';
import type { AppContext } from '../app-context.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { route } from '../http/routes.ts';
import { findAccountById } from '../members/account-service.ts';
import { requireSession } from '../sessions/session-plugin.ts';
import { verifyPassword } from '../signin/passwords.ts';
import { limitLinkRequests } from './rate-limits.ts';
import { reauthenticationService } from './reauthentication-service.ts';
import { signInThrottle, tooManySignInAttemptsMessage } from './sign-in-throttle.ts';

const reconfirmedMessage = 'Thank you. You can carry on.';
const reconfirmIncorrectPasswordMessage = "That isn't the password of your account.";
const reconfirmLinkSentMessage = 'We have emailed you a link. Open it in this browser to confirm it is you.';

/**
 * Re-confirmation of who the member is, for a session whose sign-in is older than
 * recentAuthenticationMinutes (ASVS 6.2.3): by password, by one of this account's passkeys, or by a
 * link emailed to the account's address. Each refreshes this session's authenticated_at and
 * nothing else; none can confirm a session of another account.
 */
export function registerReauthenticationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const throttle = signInThrottle(ctx);
  const reauthentication = reauthenticationService(ctx);

  route(app, reauthenticationStatusEndpoint, async (_query, request) => {
    const session = requireSession(request);
    return { success: true, recentlyAuthenticated: session.recentlyAuthenticated };
  });

  async function confirmed(tokenHash: string) {
    await ctx.sessions.markAuthenticated(ctx.db, tokenHash);
    return { success: true, message: reconfirmedMessage };
  }

  function refuse(status: number, code: ErrorCode, message: string) {
    return new HttpError(status, code, message);
  }

  // The sign-in throttle, keyed by the account's email: failures here and at sign-in add up, so the
  // re-confirmation is no way round it.
  route(app, reauthenticateWithPasswordEndpoint, async ({ password }, request, reply) => {
    const session = requireSession(request);
    const account = await findAccountById(ctx.db, session.accountId);
    if (!account?.email)
      throw notFound('LOGIN_REQUIRED', 'To access your account details, you first need to sign in');
    // A slot is taken before the password is checked (sign-in-throttle.ts).
    const slot = await throttle.attempt(request, account.email);
    if ('waitSeconds' in slot) {
      reply.header('retry-after', String(slot.waitSeconds));
      return refuse(429, 'TooManyAttempts', tooManySignInAttemptsMessage(ctx.config.enableMagicLinkLogins));
    }
    if (!(await verifyPassword(account.password_hash, password))) {
      // The slot stays taken: it is this failure.
      return refuse(401, 'IncorrectPassword', reconfirmIncorrectPasswordMessage);
    }
    await throttle.succeeded(slot.attempt);
    return confirmed(session.tokenHash);
  });

  route(app, reauthenticationPasskeyOptionsEndpoint, async (_body, request) => {
    if (!ctx.config.enableWebAuthnLogins) throw notFound('NotFound', 'Passkeys are not available.');
    const options = await reauthentication.passkeyOptions(requireSession(request));
    return { success: true, options: { ...options } };
  });

  route(app, reauthenticateWithPasskeyEndpoint, async ({ response }, request) => {
    if (!ctx.config.enableWebAuthnLogins) throw notFound('NotFound', 'Passkeys are not available.');
    const session = requireSession(request);
    await reauthentication.confirmWithPasskey(
      request,
      session,
      response as unknown as AuthenticationResponseJSON,
    );
    return confirmed(session.tokenHash);
  });

  // Offered where email links may sign in at all: a deployment that switched them off does not
  // count the inbox as proof of who someone is.
  function ensureLinksEnabled(): void {
    if (!ctx.config.enableMagicLinkLogins)
      throw notFound('NotFound', 'Confirming with an emailed link is not available.');
  }

  route(app, requestReauthenticationLinkEndpoint, async (_body, request, reply) => {
    ensureLinksEnabled();
    const session = requireSession(request);
    const account = await findAccountById(ctx.db, session.accountId);
    if (!account?.email)
      throw notFound('LOGIN_REQUIRED', 'To access your account details, you first need to sign in');
    await limitLinkRequests(ctx, request, reply, account.email, {
      email: 'reauthentication-link-email',
      address: 'reauthentication-link-address',
    });
    await reauthentication.sendLink(session, account.email);
    return { success: true, message: reconfirmLinkSentMessage };
  });

  route(app, reauthenticateWithLinkEndpoint, async ({ token }, request) => {
    ensureLinksEnabled();
    const session = requireSession(request);
    await reauthentication.confirmWithLink(session, token);
    return confirmed(session.tokenHash);
  });
}
