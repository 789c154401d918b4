import type { FastifyInstance } from 'fastify';
import * as client from 'openid-client';
import { completeLinkWithNikeEndpoint, linkWithNikeEndpoint } from '#shared/api/nike-link.ts';
import type { AppContext } from '../app-context.ts';
import { badRequest, HttpError } from '../http/errors.ts';
import { route } from '../http/routes.ts';
import { requireSession } from '../sessions/session-plugin.ts';
import { nikeMessages, saveLink, spendCode, startAttempt, takeAttempt } from './nike-link-service.ts';
import { nikeProvider } from './nike-provider.ts';

/**
 * SPEC §7 link-with-nike and complete-link-with-nike: the OAuth 2 authorization code flow with PKCE
 * and state. The state (stored hashed) and the PKCE verifier are tied to the session that started
 * the link, single use and expiring; the link is keyed by the provider's subject id, never email.
 */
export async function registerNikeLinkRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { configured, provider } = nikeProvider(app, ctx);
  const scopes = configured?.scopes ?? ctx.config.nikeLink.scopes;
  const redirectUri = `${ctx.origin}/complete-link-with-nike`;

  route(app, linkWithNikeEndpoint, async (_body, request) => {
    const session = requireSession(request);
    if (!provider) throw new HttpError(503, 'Unavailable', nikeMessages.unavailable);
    let configuration: client.Configuration;
    try {
      configuration = await provider();
    } catch (error) {
      request.log.error({ err: error }, 'Nike provider discovery failed');
      throw new HttpError(503, 'Unavailable', nikeMessages.unavailable);
    }
    const state = client.randomState();
    const verifier = client.randomPKCECodeVerifier();
    await startAttempt(ctx.db, session, {
      state,
      verifier,
      expiryMinutes: ctx.config.nikeLink.attemptExpiryMinutes,
    });
    const link = client.buildAuthorizationUrl(configuration, {
      redirect_uri: redirectUri,
      scope: scopes,
      state,
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    });
    return { success: true, link: link.href };
  });

  route(app, completeLinkWithNikeEndpoint, async (body, request) => {
    const session = requireSession(request);
    if (!provider) throw new HttpError(503, 'Unavailable', nikeMessages.unavailable);
    // The attempt is consumed first, whatever follows: a state works once, for its own session.
    const attempt = await takeAttempt(ctx.db, session.tokenHash, body.state);
    if (body.error) {
      request.log.info(
        { error: body.error, description: body.errorDescription },
        'Nike link refused by provider',
      );
      throw body.error === 'access_denied'
        ? badRequest('LinkDeclined', nikeMessages.declined)
        : badRequest('ProviderError', nikeMessages.providerError);
    }
    if (!body.code) throw badRequest('ProviderError', nikeMessages.providerError);
    if (!attempt || attempt.account_id !== session.accountId) {
      throw badRequest('StaleAttempt', nikeMessages.staleAttempt);
    }
    await spendCode(ctx.db, body.code);
    let subject: string;
    try {
      const configuration = await provider();
      const callback = new URL(redirectUri);
      callback.searchParams.set('code', body.code);
      callback.searchParams.set('state', body.state ?? '');
      const tokens = await client.authorizationCodeGrant(configuration, callback, {
        pkceCodeVerifier: attempt.code_verifier,
        expectedState: body.state ?? '',
      });
      const claimed = tokens.claims()?.sub;
      subject =
        claimed ??
        (await client.fetchUserInfo(configuration, tokens.access_token, client.skipSubjectCheck)).sub;
    } catch (error) {
      request.log.warn({ err: error }, 'Nike code exchange failed');
      throw badRequest('ExchangeFailed', nikeMessages.exchangeFailed);
    }
    await saveLink(ctx.db, session.accountId, subject);
    return { success: true, message: nikeMessages.linked };
  });
}
