import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { FastifyInstance } from 'fastify';
import {
  type Passkey,
  passkeyLoginEndpoint,
  passkeyLoginOptionsEndpoint,
  passkeyRegisterEndpoint,
  passkeyRegistrationOptionsEndpoint,
  passkeysEndpoint,
  removePasskeyEndpoint,
  renamePasskeyEndpoint,
} from '#shared/api/credentials.ts';
import { findAccountById, isUniqueViolation } from '../accounts/account-service.ts';
import { accountView } from '../accounts/account-view.ts';
import type { AppContext } from '../app-context.ts';
import { loginFailedMessage } from '../auth/auth-routes.ts';
import { type Queryable, queryOne } from '../db/database.ts';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../http/errors.ts';
import { route } from '../http/routes.ts';
import {
  requireRecentAuthentication,
  requireSession,
  sessionCookie,
  startSession,
} from '../sessions/session-plugin.ts';
import { hashToken, newToken } from '../sessions/tokens.ts';
import { challengeOf, type PasskeyRow, passkeyCeremonies, userHandleOf } from './passkey-ceremonies.ts';
import { limitByAddress } from './rate-limits.ts';
import { defaultPasskeyTitle, describeUserAgent } from './user-agent.ts';

export const passkeyProblemMessage = 'There was a problem with your passkey. Please try again.';
export const passkeyExpiredMessage = 'This passkey request has expired. Please try again.';
export const passkeyUnknownMessage =
  "We don't recognise this passkey: it may have been removed from your account.";
export const passkeyAlreadyRegisteredMessage = 'This passkey is already registered to your account.';
export const tooManyPasskeysMessage = 'You have registered the most passkeys an account can have.';
export const tooManyPasskeyRequestsMessage =
  'There have been a lot of passkey sign-ins from your connection. Please wait a few minutes and try again, or sign in with an emailed link.';
const maxPasskeys = 20;

/** SPEC §3 Passkey as the member sees it; isActiveSession marks the passkey that signed this session in. */
function passkeyView(row: PasskeyRow, activePasskeyId: string | null): Passkey {
  return {
    _id: row.id,
    title: row.title,
    keyNumber: row.key_number,
    createdAt: new Date(row.created_at).toISOString(),
    lastUsedAt: row.last_used_at ? new Date(row.last_used_at).toISOString() : null,
    lastUsedBrowser: row.last_used_browser,
    lastUsedBrowserDeviceVendor: row.last_used_device_vendor,
    lastUsedBrowserOS: row.last_used_os,
    isActiveSession: row.id === activePasskeyId,
  };
}

/**
 * Browser-bound cookie for sign-in challenges: a passkey answer only counts in the browser that asked.
 * Scoped to /api/passkeys, so __Secure- rather than __Host- (which demands Path=/).
 */
function flowCookieName(origin: string): string {
  return sessionCookie(origin).secure ? '__Secure-passkey-flow' : 'passkey-flow';
}

export function registerPasskeyRoutes(app: FastifyInstance, ctx: AppContext): void {
  const ceremonies = passkeyCeremonies(ctx);
  const { rpID, expectedOrigin, challengeMinutes, storeChallenge, takeChallenge } = ceremonies;

  function ensureEnabled(): void {
    if (!ctx.config.enableWebAuthnLogins) throw notFound('NotFound', 'Passkeys are not available.');
  }

  async function passkeysOf(db: Queryable, accountId: string): Promise<PasskeyRow[]> {
    return db.query<PasskeyRow>('SELECT * FROM passkeys WHERE account_id = $1 ORDER BY key_number', [
      accountId,
    ]);
  }

  route(app, passkeysEndpoint, async (_query, request) => {
    ensureEnabled();
    const session = requireSession(request);
    const rows = await passkeysOf(ctx.db, session.accountId);
    return rows.map((row) => passkeyView(row, session.passkeyId));
  });

  // Adding or removing a passkey changes who can sign in: both need a recent authentication.
  route(app, passkeyRegistrationOptionsEndpoint, async (_body, request) => {
    ensureEnabled();
    const session = requireRecentAuthentication(request);
    const account = await findAccountById(ctx.db, session.accountId);
    if (!account?.email) throw badRequest('LOGIN_REQUIRED', passkeyProblemMessage);
    const existing = await passkeysOf(ctx.db, account.id);
    if (existing.length >= maxPasskeys) throw badRequest('TooManyPasskeys', tooManyPasskeysMessage);
    const options = await generateRegistrationOptions({
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
    await storeChallenge(options.challenge, 'registration', session.tokenHash, account.id);
    return { success: true, options: { ...options } };
  });

  route(app, passkeyRegisterEndpoint, async ({ response }, request) => {
    ensureEnabled();
    const session = requireRecentAuthentication(request);
    const credential = response as unknown as RegistrationResponseJSON;
    const challenge = challengeOf(credential.response.clientDataJSON);
    const taken = await takeChallenge(challenge, 'registration', session.tokenHash);
    if (!challenge || !taken || taken.accountId !== session.accountId) {
      throw badRequest('ChallengeExpired', passkeyExpiredMessage);
    }
    let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
    try {
      verification = await verifyRegistrationResponse({
        response: credential,
        expectedChallenge: challenge,
        expectedOrigin,
        expectedRPID: rpID,
        requireUserVerification: true,
      });
    } catch (error) {
      request.log.info({ err: error }, 'passkey registration refused');
      verification = { verified: false };
    }
    if (!verification.verified) {
      throw badRequest('PasskeyRefused', passkeyProblemMessage);
    }
    const info = verification.registrationInfo;
    const described = describeUserAgent(request.headers['user-agent']);
    try {
      const row = await ctx.db.transaction(async (tx) => {
        const next = await queryOne<{ n: number | string }>(
          tx,
          'SELECT COALESCE(MAX(key_number), 0) + 1 AS n FROM passkeys WHERE account_id = $1',
          [session.accountId],
        );
        const keyNumber = Number(next?.n ?? 1);
        return queryOne<PasskeyRow>(
          tx,
          `INSERT INTO passkeys (account_id, credential_id, public_key, counter, transports, device_type,
                                 backed_up, title, key_number)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING *`,
          [
            session.accountId,
            info.credential.id,
            Buffer.from(info.credential.publicKey),
            info.credential.counter,
            JSON.stringify(info.credential.transports ?? []),
            info.credentialDeviceType,
            info.credentialBackedUp,
            defaultPasskeyTitle(described, keyNumber),
            keyNumber,
          ],
        );
      });
      if (!row) throw new Error('passkey insert returned no row');
      return { success: true, passkey: passkeyView(row, session.passkeyId) };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      throw conflict('PasskeyExists', passkeyAlreadyRegisteredMessage);
    }
  });

  route(app, passkeyLoginOptionsEndpoint, async (_body, request, reply) => {
    ensureEnabled();
    // Anyone may ask, and each answer stores a challenge: limited per address.
    const { perAddress, windowMinutes } = ctx.config.passkeyOptionsLimits;
    await limitByAddress(
      ctx.db,
      request,
      reply,
      'passkey-options-address',
      { limit: perAddress, windowMinutes },
      tooManyPasskeyRequestsMessage,
    );
    const cookieName = flowCookieName(ctx.origin);
    let nonce = request.cookies[cookieName];
    if (!nonce || !/^[A-Za-z0-9_-]{43}$/.test(nonce)) nonce = newToken();
    reply.setCookie(cookieName, nonce, {
      path: '/api/passkeys',
      httpOnly: true,
      sameSite: 'strict',
      secure: sessionCookie(ctx.origin).secure,
      maxAge: challengeMinutes * 60,
    });
    // Discoverable credentials only: no allowCredentials, so the answer never reveals who has a passkey.
    const options = await generateAuthenticationOptions({
      rpID,
      userVerification: 'required',
      timeout: challengeMinutes * 60_000,
    });
    await storeChallenge(options.challenge, 'authentication', hashToken(nonce), null);
    return { success: true, options: { ...options } };
  });

  route(app, passkeyLoginEndpoint, async ({ response }, request, reply) => {
    ensureEnabled();
    const credential = response as unknown as AuthenticationResponseJSON;
    const nonce = request.cookies[flowCookieName(ctx.origin)];
    const challenge = challengeOf(credential.response.clientDataJSON);
    const taken = await takeChallenge(challenge, 'authentication', nonce ? hashToken(nonce) : null);
    if (!challenge || !taken) {
      throw badRequest('ChallengeExpired', passkeyExpiredMessage);
    }
    const refuse = (message: string, failOver = true) =>
      unauthorized('PasskeyRefused', message, { failOver });
    const passkey = await queryOne<PasskeyRow>(ctx.db, 'SELECT * FROM passkeys WHERE credential_id = $1', [
      credential.id,
    ]);
    if (!passkey) return refuse(passkeyUnknownMessage);
    const handle = credential.response.userHandle;
    if (handle && handle !== Buffer.from(userHandleOf(passkey.account_id)).toString('base64url')) {
      return refuse(passkeyUnknownMessage);
    }
    const account = await findAccountById(ctx.db, passkey.account_id);
    if (!account) return refuse(passkeyUnknownMessage);
    if (!account.can_sign_in) {
      throw forbidden('SignInNotAllowed', loginFailedMessage);
    }
    const outcome = await ceremonies.verifyAssertion(request, credential, challenge, passkey);
    if (outcome !== 'verified') return refuse(passkeyProblemMessage, outcome === 'refused');
    await startSession(ctx, request, reply, account.id, { passkeyId: passkey.id });
    return {
      success: true,
      account: await accountView(ctx.db, account, ctx.config),
      googlePay: { saveUrl: null },
    };
  });

  route(app, renamePasskeyEndpoint, async ({ id, title }, request) => {
    ensureEnabled();
    const session = requireSession(request);
    const row = await queryOne<PasskeyRow>(
      ctx.db,
      'UPDATE passkeys SET title = $3 WHERE id = $1 AND account_id = $2 RETURNING *',
      [id, session.accountId, title],
    );
    if (!row) throw notFound('PasskeyUnknown', passkeyUnknownMessage);
    return { success: true, passkey: passkeyView(row, session.passkeyId) };
  });

  route(app, removePasskeyEndpoint, async ({ id }, request) => {
    ensureEnabled();
    const session = requireRecentAuthentication(request);
    const removed = await ctx.db.transaction(async (tx) => {
      // Other devices signed in with this passkey are signed out (a lost phone); this one stays.
      await tx.query('DELETE FROM sessions WHERE passkey_id = $1 AND account_id = $2 AND token_hash <> $3', [
        id,
        session.accountId,
        session.tokenHash,
      ]);
      return queryOne<{ id: string }>(
        tx,
        'DELETE FROM passkeys WHERE id = $1 AND account_id = $2 RETURNING id',
        [id, session.accountId],
      );
    });
    if (!removed) throw notFound('PasskeyUnknown', passkeyUnknownMessage);
    return { success: true };
  });
}
