import type { FastifyInstance } from 'fastify';
import * as client from 'openid-client';
import { completeLinkWithNikeEndpoint, linkWithNikeEndpoint } from '#shared/api/nike-link.ts';
import { isUniqueViolation } from '../accounts/account-service.ts';
import type { AppContext } from '../app-context.ts';
import { queryOne } from '../db/database.ts';
import { badRequest, conflict, HttpError } from '../http/errors.ts';
import { route } from '../http/routes.ts';
import { requireSession } from '../sessions/session-plugin.ts';
import { hashToken } from '../sessions/tokens.ts';
import { type DevProvider, startDevProvider } from './dev-provider.ts';
import { configuredProvider, providerClient } from './nike-provider.ts';

export const nikeMessages = {
  linked: 'Your Nike account is now linked to your membership.',
  declined: 'You chose not to link your Nike account.',
  providerError: 'Nike could not link your account. Please try again.',
  staleAttempt: 'This Nike sign-in has expired or was already used. Please connect again.',
  exchangeFailed: 'Sorry, we could not link your Nike account. Please try again.',
  linkedElsewhere: 'That Nike account is already linked to another membership.',
  unavailable: 'Linking a Nike account is not available at the moment.',
};

/**
 * SPEC §7 link-with-nike and complete-link-with-nike: the OAuth 2 authorization code flow with PKCE
 * and state. The state (stored hashed) and the PKCE verifier are tied to the session that started
 * the link, single use and expiring; the link is keyed by the provider's subject id, never email.
 */
export async function registerNikeLinkRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const configured = configuredProvider(ctx.config);
  let provider: (() => Promise<client.Configuration>) | null = configured ? providerClient(configured) : null;
  if (!configured && !ctx.production) {
    // Started on first use, so a server (or a test) that never links pays nothing for it.
    let dev: Promise<DevProvider> | null = null;
    app.addHook('onClose', async () => {
      if (dev) await (await dev).stop();
    });
    let devClient: (() => Promise<client.Configuration>) | null = null;
    provider = async () => {
      dev ??= startDevProvider().then((started) => {
        ctx.log.info(`Nike account link: local development provider at ${started.issuer}`);
        return started;
      });
      const { issuer } = await dev;
      devClient ??= providerClient({
        issuer,
        authorizationEndpoint: null,
        tokenEndpoint: null,
        userinfoEndpoint: null,
        clientId: ctx.config.nikeLink.clientId,
        clientSecret: 'development-secret',
        scopes: ctx.config.nikeLink.scopes,
      });
      return devClient();
    };
  }
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
    await ctx.db.query('DELETE FROM nike_link_attempts WHERE expires_at < now()');
    await ctx.db.query(
      `INSERT INTO nike_link_attempts (state_hash, session_token_hash, account_id, code_verifier, expires_at)
       VALUES ($1, $2, $3, $4, now() + make_interval(mins => $5))`,
      [
        hashToken(state),
        session.tokenHash,
        session.accountId,
        verifier,
        ctx.config.nikeLink.attemptExpiryMinutes,
      ],
    );
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
    const attempt = body.state
      ? await queryOne<{ code_verifier: string; account_id: string }>(
          ctx.db,
          `DELETE FROM nike_link_attempts
            WHERE state_hash = $1 AND session_token_hash = $2 AND expires_at > now()
           RETURNING code_verifier, account_id`,
          [hashToken(body.state), session.tokenHash],
        )
      : undefined;
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
    // A code is accepted once, even with a fresh state (defence in depth beside PKCE).
    try {
      await ctx.db.query('INSERT INTO nike_used_codes (code_hash) VALUES ($1)', [hashToken(body.code)]);
    } catch (error) {
      if (isUniqueViolation(error)) throw badRequest('StaleAttempt', nikeMessages.staleAttempt);
      throw error;
    }
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
    try {
      await ctx.db.query(
        `INSERT INTO nike_links (account_id, provider_subject) VALUES ($1, $2)
         ON CONFLICT (account_id) DO UPDATE SET provider_subject = EXCLUDED.provider_subject, linked_at = now()`,
        [session.accountId, subject],
      );
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('LinkedElsewhere', nikeMessages.linkedElsewhere);
      throw error;
    }
    return { success: true, message: nikeMessages.linked };
  });
}
