import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyInstance } from 'fastify';
import {
  passkeyLoginEndpoint,
  passkeyLoginOptionsEndpoint,
  passkeyRegisterEndpoint,
  passkeyRegistrationOptionsEndpoint,
  passkeysEndpoint,
  removePasskeyEndpoint,
  renamePasskeyEndpoint,
} from '#shared/api/credentials.ts';
import type { AppContext } from '../app-context.ts';
import { route } from '../http/routes.ts';
import { accountView } from '../members/account-view.ts';
import {
  requireRecentAuthentication,
  requireSession,
  sessionCookie,
  startSession,
} from '../sessions/session-plugin.ts';
import { hashToken, newToken } from '../sessions/tokens.ts';
import { passkeyService } from './passkey-service.ts';
import { passkeyView, removePasskey, renamePasskey } from './passkey-store.ts';
import { limitByAddress } from './rate-limits.ts';

const tooManyPasskeyRequestsMessage =
  'There have been a lot of passkey sign-ins from your connection. Please wait a few minutes and try again, or sign in with an emailed link.';

/**
 * Browser-bound cookie for sign-in challenges: a passkey answer only counts in the browser that asked.
 * Scoped to /api/passkeys, so __Secure- rather than __Host- (which demands Path=/).
 */
function flowCookieName(origin: string): string {
  return sessionCookie(origin).secure ? '__Secure-passkey-flow' : 'passkey-flow';
}

export function registerPasskeyRoutes(app: FastifyInstance, ctx: AppContext): void {
  const passkeys = passkeyService(ctx);

  route(app, passkeysEndpoint, async (_query, request) => {
    passkeys.ensureEnabled();
    return passkeys.list(requireSession(request));
  });

  // Adding or removing a passkey changes who can sign in: both need a recent authentication.
  route(app, passkeyRegistrationOptionsEndpoint, async (_body, request) => {
    passkeys.ensureEnabled();
    const options = await passkeys.registrationOptions(requireRecentAuthentication(request));
    return { success: true, options: { ...options } };
  });

  route(app, passkeyRegisterEndpoint, async ({ response }, request) => {
    passkeys.ensureEnabled();
    const session = requireRecentAuthentication(request);
    const passkey = await passkeys.register(
      request,
      session,
      response as unknown as RegistrationResponseJSON,
    );
    return { success: true, passkey };
  });

  route(app, passkeyLoginOptionsEndpoint, async (_body, request, reply) => {
    passkeys.ensureEnabled();
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
      maxAge: passkeys.challengeMinutes * 60,
    });
    const options = await passkeys.signInOptions(hashToken(nonce));
    return { success: true, options: { ...options } };
  });

  route(app, passkeyLoginEndpoint, async ({ response }, request, reply) => {
    passkeys.ensureEnabled();
    const nonce = request.cookies[flowCookieName(ctx.origin)];
    const { account, passkeyId } = await passkeys.signIn(
      request,
      response as unknown as AuthenticationResponseJSON,
      nonce ? hashToken(nonce) : null,
    );
    await startSession(ctx, request, reply, account.id, { passkeyId });
    return {
      success: true,
      account: await accountView(ctx.db, account, ctx.config),
      googlePay: { saveUrl: null },
    };
  });

  route(app, renamePasskeyEndpoint, async ({ id, title }, request) => {
    passkeys.ensureEnabled();
    const session = requireSession(request);
    const row = await renamePasskey(ctx.db, session.accountId, id, title);
    return { success: true, passkey: passkeyView(row, session.passkeyId) };
  });

  route(app, removePasskeyEndpoint, async ({ id }, request) => {
    passkeys.ensureEnabled();
    await removePasskey(ctx.db, requireRecentAuthentication(request), id);
    return { success: true };
  });
}
