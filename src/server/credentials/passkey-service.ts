import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Passkey } from '#shared/api/credentials.ts';
import type { AppContext } from '../app-context.ts';
import { badRequest, forbidden, unauthorized } from '../http/errors.ts';
import { type AccountRow, findAccountById } from '../members/account-service.ts';
import { limitByAddress } from '../rate-limits/rate-limits.ts';
import type { Session } from '../sessions/session-service.ts';
import { loginFailedMessage } from '../signin/sign-in-messages.ts';
import { challengeOf, passkeyCeremonies, userHandleOf } from './passkey-ceremonies.ts';
import { startPasskeyFlow } from './passkey-flow.ts';
import {
  addPasskey,
  findPasskey,
  passkeysOf,
  passkeyUnknownMessage,
  passkeyView,
  removePasskey,
  renamePasskey,
} from './passkey-store.ts';
import { verifiedRegistration, webauthn } from './webauthn.ts';

export const passkeyProblemMessage = 'There was a problem with your passkey. Please try again.';
export const passkeyExpiredMessage = 'This passkey request has expired. Please try again.';
const tooManyPasskeysMessage = 'You have registered the most passkeys an account can have.';
const maxPasskeys = 20;
const tooManyPasskeyRequestsMessage =
  'There have been a lot of passkey sign-ins from your connection. Please wait a few minutes and try again, or sign in with an emailed link.';

type Ceremonies = ReturnType<typeof passkeyCeremonies>;

/**
 * The passkey ceremonies of SPEC §7 (register, sign in): options with a stored single-use challenge,
 * then the browser's answer checked against it. rpID and origin come from configuration.
 */
export function passkeyService(ctx: AppContext) {
  const ceremonies: Ceremonies = passkeyCeremonies(ctx);
  const { rpID, expectedOrigin, challengeMinutes } = ceremonies;

  return {
    async list(session: Session): Promise<Passkey[]> {
      const rows = await passkeysOf(ctx.db, session.accountId);
      return rows.map((row) => passkeyView(row, session.passkeyId));
    },

    async registrationOptions(session: Session) {
      const account = await findAccountById(ctx.db, session.accountId);
      if (!account?.email) throw badRequest('LOGIN_REQUIRED', passkeyProblemMessage);
      const existing = await passkeysOf(ctx.db, account.id);
      if (existing.length >= maxPasskeys) throw badRequest('TooManyPasskeys', tooManyPasskeysMessage);
      const options = await (await webauthn()).generateRegistrationOptions({
        rpName: ctx.config.title,
        rpID,
        userName: account.email,
        userDisplayName: account.full_name,
        userID: userHandleOf(account.id),
        attestationType: 'none',
        timeout: challengeMinutes * 60_000,
        excludeCredentials: existing.map((row) => ({
          id: row.credential_id,
          transports: JSON.parse(row.transports) as string[],
        })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      });
      await ceremonies.storeChallenge(options.challenge, 'registration', session.tokenHash, account.id);
      return options;
    },

    async register(request: FastifyRequest, session: Session, credential: RegistrationResponseJSON) {
      const challenge = challengeOf(credential.response.clientDataJSON);
      const taken = await ceremonies.takeChallenge(challenge, 'registration', session.tokenHash);
      if (!challenge || !taken || taken.owner !== session.accountId) {
        throw badRequest('ChallengeExpired', passkeyExpiredMessage);
      }
      const made = await verifiedRegistration(request, { credential, challenge, expectedOrigin, rpID });
      if (!made) throw badRequest('PasskeyRefused', passkeyProblemMessage);
      const row = await addPasskey(ctx.db, session.accountId, made, request.headers['user-agent']);
      return passkeyView(row, session.passkeyId);
    },

    /**
     * Discoverable credentials only: no allowCredentials, so the answer never reveals who has a
     * passkey. Anyone may ask, and each answer stores a challenge: limited per address. The challenge
     * is bound to this browser's flow cookie.
     */
    async signInOptions(request: FastifyRequest, reply: FastifyReply) {
      const { perAddress, windowMinutes } = ctx.config.passkeyOptionsLimits;
      const limits = { limit: perAddress, windowMinutes };
      await limitByAddress(
        ctx.db,
        request,
        reply,
        'passkey-options-address',
        limits,
        tooManyPasskeyRequestsMessage,
      );
      const browserHash = startPasskeyFlow(ctx, request, reply, challengeMinutes);
      const options = await (await webauthn()).generateAuthenticationOptions({
        rpID,
        userVerification: 'required',
        timeout: challengeMinutes * 60_000,
      });
      await ceremonies.storeChallenge(options.challenge, 'authentication', browserHash, null);
      return options;
    },

    async rename(session: Session, id: string, title: string): Promise<Passkey> {
      return passkeyView(await renamePasskey(ctx.db, session.accountId, id, title), session.passkeyId);
    },

    async remove(session: Session, id: string): Promise<void> {
      await removePasskey(ctx.db, session, id);
    },

    /**
     * The account a sign-in answer proves, with the passkey that proved it. An unknown passkey, or a
     * refused signature, answers failOver (the screen offers an emailed link instead).
     */
    async signIn(
      request: FastifyRequest,
      credential: AuthenticationResponseJSON,
      browserHash: string | null,
    ): Promise<{ account: AccountRow; passkeyId: string }> {
      const challenge = challengeOf(credential.response.clientDataJSON);
      const taken = await ceremonies.takeChallenge(challenge, 'authentication', browserHash);
      if (!challenge || !taken) throw badRequest('ChallengeExpired', passkeyExpiredMessage);
      const refuse = (message: string, failOver = true) =>
        unauthorized('PasskeyRefused', message, { failOver });
      const passkey = await findPasskey(ctx.db, credential.id);
      if (!passkey) throw refuse(passkeyUnknownMessage);
      const handle = credential.response.userHandle;
      if (handle && handle !== Buffer.from(userHandleOf(passkey.account_id)).toString('base64url')) {
        throw refuse(passkeyUnknownMessage);
      }
      const account = await findAccountById(ctx.db, passkey.account_id);
      if (!account) throw refuse(passkeyUnknownMessage);
      if (!account.can_sign_in) throw forbidden('SignInNotAllowed', loginFailedMessage);
      const outcome = await ceremonies.verifyAssertion(request, credential, challenge, passkey);
      if (outcome !== 'verified') throw refuse(passkeyProblemMessage, outcome === 'refused');
      return { account, passkeyId: passkey.id };
    },
  };
}
