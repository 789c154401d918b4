import { type AuthenticationResponseJSON, generateAuthenticationOptions } from '@simplewebauthn/server';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { enqueueMail } from '../email/outbox.ts';
import { badRequest, unauthorized } from '../http/errors.ts';
import type { Session } from '../sessions/session-service.ts';
import { consumeLinkToken, inspectLinkToken, issueLinkToken } from '../tokens/link-tokens.ts';
import { reauthenticationEmail } from './credential-emails.ts';
import { challengeOf, passkeyCeremonies } from './passkey-ceremonies.ts';
import { passkeyExpiredMessage, passkeyProblemMessage } from './passkey-service.ts';
import { findPasskeyOf, passkeysOf } from './passkey-store.ts';

const reconfirmLinkExpiredMessage =
  'This link has expired or has already been used. Please ask for a new one.';
const reconfirmOtherBrowserMessage =
  'Open this link in the browser where you asked for it, while signed in there.';

/**
 * Re-confirmation by one of this account's passkeys, or by a link emailed to the account's address
 * and bound to the session that asked. Each confirms only `session`; none can confirm another account.
 */
export function reauthenticationService(ctx: AppContext) {
  const ceremonies = passkeyCeremonies(ctx);

  return {
    /** Only this account's passkeys are offered (and only they are accepted by `confirmWithPasskey`). */
    async passkeyOptions(session: Session) {
      const passkeys = await passkeysOf(ctx.db, session.accountId);
      if (passkeys.length === 0) throw badRequest('NoPasskeys', passkeyProblemMessage);
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
      return options;
    },

    async confirmWithPasskey(
      request: FastifyRequest,
      session: Session,
      credential: AuthenticationResponseJSON,
    ): Promise<void> {
      const challenge = challengeOf(credential.response.clientDataJSON);
      const taken = await ceremonies.takeChallenge(challenge, 'reauthentication', session.tokenHash);
      if (!challenge || !taken || taken.accountId !== session.accountId) {
        throw badRequest('ChallengeExpired', passkeyExpiredMessage);
      }
      // Another member's passkey, however valid, confirms nothing here.
      const passkey = await findPasskeyOf(ctx.db, session.accountId, credential.id);
      if (!passkey) throw unauthorized('PasskeyRefused', passkeyProblemMessage);
      const outcome = await ceremonies.verifyAssertion(request, credential, challenge, passkey);
      if (outcome !== 'verified') throw unauthorized('PasskeyRefused', passkeyProblemMessage);
    },

    /** The token and its mail in one transaction; the outbox delivers it (and retries). */
    async sendLink(session: Session, to: string): Promise<void> {
      await ctx.db.transaction(async (tx) => {
        const token = await issueLinkToken(tx, {
          accountId: session.accountId,
          purpose: 'reauthentication',
          expiresInMinutes: ctx.config.magicLinkExpiryMinutes,
          sessionTokenHash: session.tokenHash,
        });
        await enqueueMail(tx, reauthenticationEmail(ctx.config, ctx.origin, to, token));
      });
    },

    async confirmWithLink(session: Session, token: string): Promise<void> {
      const accountId = await consumeLinkToken(ctx.db, token, 'reauthentication', session.tokenHash);
      if (accountId === session.accountId) return;
      // Not used up: a link opened in the wrong browser still works in the right one.
      const elsewhere = await inspectLinkToken(ctx.db, token, 'reauthentication');
      if (elsewhere.state === 'live') throw badRequest('OtherBrowser', reconfirmOtherBrowserMessage);
      throw badRequest('LinkExpired', reconfirmLinkExpiredMessage);
    },
  };
}
