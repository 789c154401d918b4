import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { generateAuthenticationOptions } from '@simplewebauthn/server';
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
import { findAccountById } from '../accounts/account-service.ts';
import type { AppContext } from '../app-context.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { queryOne } from '../db/database.ts';
import { enqueueMail } from '../email/outbox.ts';
import { badRequest, HttpError, notFound } from '../http/errors.ts';
import { route } from '../http/routes.ts';
import { requireSession } from '../sessions/session-plugin.ts';
import { hashToken } from '../sessions/tokens.ts';
import { reauthenticationEmail } from './credential-emails.ts';
import { consumeToken, issueToken } from './credential-tokens.ts';
import { challengeOf, type PasskeyRow, passkeyCeremonies } from './passkey-ceremonies.ts';
import { passkeyExpiredMessage, passkeyProblemMessage } from './passkey-routes.ts';
import { limitLinkRequests } from './rate-limits.ts';
import { signInThrottle, tooManySignInAttemptsMessage } from './sign-in-throttle.ts';

export const reconfirmedMessage = 'Thank you. You can carry on.';
export const reconfirmIncorrectPasswordMessage = "That isn't the password of your account.";
export const reconfirmLinkSentMessage =
  'We have emailed you a link. Open it in this browser to confirm it is you.';
export const reconfirmLinkExpiredMessage =
  'This link has expired or has already been used. Please ask for a new one.';
export const reconfirmOtherBrowserMessage =
  'Open this link in the browser where you asked for it, while signed in there.';

/**
 * Re-confirmation of who the member is, for a session whose sign-in is older than
 * recentAuthenticationMinutes (ASVS 6.2.3): by password, by one of this account's passkeys, or by a
 * link emailed to the account's address. Each refreshes this session's authenticated_at and
 * nothing else; none can confirm a session of another account.
 */
export function registerReauthenticationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const throttle = signInThrottle(ctx);
  const ceremonies = passkeyCeremonies(ctx);

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
    const session = requireSession(request);
    const passkeys = await ctx.db.query<Pick<PasskeyRow, 'credential_id' | 'transports'>>(
      'SELECT credential_id, transports FROM passkeys WHERE account_id = $1',
      [session.accountId],
    );
    if (passkeys.length === 0) throw badRequest('NoPasskeys', passkeyProblemMessage);
    // Only this account's passkeys are offered (and only they are accepted below).
    const options = await generateAuthenticationOptions({
      rpID: ceremonies.rpID,
      userVerification: 'required',
      timeout: ceremonies.challengeMinutes * 60_000,
      allowCredentials: passkeys.map((row) => ({
        id: row.credential_id,
        transports: JSON.parse(row.transports) as string[],
      })) as Parameters<typeof generateAuthenticationOptions>[0]['allowCredentials'],
    });
    await ceremonies.storeChallenge(
      options.challenge,
      'reauthentication',
      session.tokenHash,
      session.accountId,
    );
    return { success: true, options: { ...options } };
  });

  route(app, reauthenticateWithPasskeyEndpoint, async ({ response }, request) => {
    if (!ctx.config.enableWebAuthnLogins) throw notFound('NotFound', 'Passkeys are not available.');
    const session = requireSession(request);
    const credential = response as unknown as AuthenticationResponseJSON;
    const challenge = challengeOf(credential.response.clientDataJSON);
    const taken = await ceremonies.takeChallenge(challenge, 'reauthentication', session.tokenHash);
    if (!challenge || !taken || taken.accountId !== session.accountId) {
      return refuse(400, 'ChallengeExpired', passkeyExpiredMessage);
    }
    // Another member's passkey, however valid, confirms nothing here.
    const passkey = await queryOne<PasskeyRow>(
      ctx.db,
      'SELECT * FROM passkeys WHERE credential_id = $1 AND account_id = $2',
      [credential.id, session.accountId],
    );
    if (!passkey) return refuse(401, 'PasskeyRefused', passkeyProblemMessage);
    const outcome = await ceremonies.verifyAssertion(request, credential, challenge, passkey);
    if (outcome !== 'verified') return refuse(401, 'PasskeyRefused', passkeyProblemMessage);
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
    const to = account.email;
    // The token and its mail in one transaction; the outbox delivers it (and retries).
    await ctx.db.transaction(async (tx) => {
      const token = await issueToken(
        tx,
        account.id,
        'reauthentication',
        ctx.config.magicLinkExpiryMinutes,
        session.tokenHash,
      );
      await enqueueMail(tx, reauthenticationEmail(ctx.config, ctx.origin, to, token));
    });
    return { success: true, message: reconfirmLinkSentMessage };
  });

  route(app, reauthenticateWithLinkEndpoint, async ({ token }, request) => {
    ensureLinksEnabled();
    const session = requireSession(request);
    const accountId = await consumeToken(ctx.db, token, 'reauthentication', session.tokenHash);
    if (accountId === session.accountId) return confirmed(session.tokenHash);
    // Not used up: a link opened in the wrong browser still works in the right one.
    const elsewhere = await queryOne<{ live: boolean }>(
      ctx.db,
      `SELECT used_at IS NULL AND expires_at > now() AS live FROM credential_tokens
        WHERE token_hash = $1 AND purpose = 'reauthentication'`,
      [hashToken(token)],
    );
    if (elsewhere?.live) return refuse(400, 'OtherBrowser', reconfirmOtherBrowserMessage);
    return refuse(400, 'LinkExpired', reconfirmLinkExpiredMessage);
  });
}
