import type { AuthenticationResponseJSON, generateAuthenticationOptions } from '@simplewebauthn/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { enqueueMail } from '../email/outbox.ts';
import { badRequest, HttpError, notFound, unauthorized } from '../http/errors.ts';
import { findAccountById } from '../members/account-service.ts';
import { verifyPassword } from '../passwords/passwords.ts';
import { limitLinkRequests } from '../rate-limits/rate-limits.ts';
import { signInThrottle, tooManySignInAttemptsMessage } from '../rate-limits/sign-in-throttle.ts';
import type { Session } from '../sessions/session-service.ts';
import { consumeLinkToken, inspectLinkToken, issueLinkToken } from '../tokens/link-tokens.ts';
import { reauthenticationEmail } from './credential-emails.ts';
import { challengeOf, passkeyCeremonies } from './passkey-ceremonies.ts';
import { passkeyExpiredMessage, passkeyProblemMessage } from './passkey-service.ts';
import { findPasskeyOf, passkeysOf } from './passkey-store.ts';
import { webauthn } from './webauthn.ts';

const reconfirmLinkExpiredMessage =
  'This link has expired or has already been used. Please ask for a new one.';
const reconfirmOtherBrowserMessage =
  'Open this link in the browser where you asked for it, while signed in there.';
const reconfirmIncorrectPasswordMessage = "That isn't the password of your account.";
const signInRequiredMessage = 'To access your account details, you first need to sign in';

/**
 * Re-confirmation of who the member is, for a session whose sign-in is older than
 * recentAuthenticationMinutes (ASVS 6.2.3): by password, by one of this account's passkeys, or by a
 * link emailed to the account's address and bound to the session that asked. Each confirmation
 * refreshes this session's authenticated_at and nothing else; none can confirm another account.
 */
export function reauthenticationService(ctx: AppContext) {
  const ceremonies = passkeyCeremonies(ctx);
  const throttle = signInThrottle(ctx);

  /** The session's account and its address (an erased account has none: it must sign in). */
  async function accountOf(session: Session) {
    const account = await findAccountById(ctx.db, session.accountId);
    if (!account?.email) throw notFound('LOGIN_REQUIRED', signInRequiredMessage);
    return { email: account.email, passwordHash: account.password_hash };
  }

  async function confirmed(session: Session): Promise<void> {
    await ctx.sessions.markAuthenticated(ctx.db, session.tokenHash);
  }

  return {
    /**
     * The sign-in throttle, keyed by the account's email: failures here and at sign-in add up, so
     * the re-confirmation is no way round it. A slot is taken before the password is checked
     * (sign-in-throttle.ts); a wrong password keeps it taken: it is this failure.
     */
    async confirmWithPassword(
      request: FastifyRequest,
      reply: FastifyReply,
      session: Session,
      password: string,
    ) {
      const { email, passwordHash } = await accountOf(session);
      const slot = await throttle.attempt(request, email);
      if ('waitSeconds' in slot) {
        reply.header('retry-after', String(slot.waitSeconds));
        const message = tooManySignInAttemptsMessage(ctx.config.enableMagicLinkLogins);
        throw new HttpError(429, 'TooManyAttempts', message);
      }
      if (!(await verifyPassword(passwordHash, password))) {
        await throttle.failed(slot.attempt);
        throw unauthorized('IncorrectPassword', reconfirmIncorrectPasswordMessage);
      }
      await throttle.succeeded(slot.attempt);
      await confirmed(session);
    },

    /** Only this account's passkeys are offered (and only they are accepted by `confirmWithPasskey`). */
    async passkeyOptions(session: Session) {
      const passkeys = await passkeysOf(ctx.db, session.accountId);
      if (passkeys.length === 0) throw badRequest('NoPasskeys', passkeyProblemMessage);
      const options = await (await webauthn()).generateAuthenticationOptions({
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
      return options;
    },

    async confirmWithPasskey(
      request: FastifyRequest,
      session: Session,
      credential: AuthenticationResponseJSON,
    ): Promise<void> {
      const challenge = challengeOf(credential.response.clientDataJSON);
      const taken = await ceremonies.takeChallenge(challenge, 'reauthentication', session.tokenHash);
      if (!challenge || !taken || taken.owner !== session.accountId) {
        throw badRequest('ChallengeExpired', passkeyExpiredMessage);
      }
      // Another member's passkey, however valid, confirms nothing here.
      const passkey = await findPasskeyOf(ctx.db, session.accountId, credential.id);
      if (!passkey) throw unauthorized('PasskeyRefused', passkeyProblemMessage);
      const outcome = await ceremonies.verifyAssertion(request, credential, challenge, passkey);
      if (outcome !== 'verified') throw unauthorized('PasskeyRefused', passkeyProblemMessage);
      await confirmed(session);
    },

    /** The token and its mail in one transaction; the outbox delivers it (and retries). */
    async sendLink(request: FastifyRequest, reply: FastifyReply, session: Session): Promise<void> {
      const { email: to } = await accountOf(session);
      await limitLinkRequests(ctx, request, reply, to, {
        email: 'reauthentication-link-email',
        address: 'reauthentication-link-address',
      });
      await ctx.db.transaction(async (tx) => {
        const token = await issueLinkToken(tx, {
          accountId: session.accountId,
          purpose: 'reauthentication',
          expiresInMinutes: ctx.config.magicLinkExpiryMinutes,
          sessionTokenHash: session.tokenHash,
        });
        await enqueueMail(tx, await reauthenticationEmail(ctx.config, ctx.origin, { to, token }));
      });
    },

    async confirmWithLink(session: Session, token: string): Promise<void> {
      const accountId = await consumeLinkToken(ctx.db, token, 'reauthentication', session.tokenHash);
      if (accountId === session.accountId) return confirmed(session);
      // Not used up: a link opened in the wrong browser still works in the right one.
      const elsewhere = await inspectLinkToken(ctx.db, token, 'reauthentication');
      if (elsewhere.state === 'live') throw badRequest('OtherBrowser', reconfirmOtherBrowserMessage);
      throw badRequest('LinkExpired', reconfirmLinkExpiredMessage);
    },
  };
}
