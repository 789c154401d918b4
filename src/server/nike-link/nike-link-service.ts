import type { FastifyBaseLogger } from 'fastify';
import type * as client from 'openid-client';
import type { AppContext } from '../app-context.ts';
import { type Database, type Queryable, queryOne } from '../db/database.ts';
import { badRequest, conflict, HttpError } from '../http/errors.ts';
import { isUniqueViolation } from '../members/account-service.ts';
import type { Session } from '../sessions/session-service.ts';
import { hashToken } from '../sessions/tokens.ts';
import type { NikeProvider } from './nike-provider.ts';

/** openid-client (with oauth4webapi and parts of jose) loads with the first Nike link, not at every start. */
const openid = () => import('openid-client');

export const nikeMessages = {
  linked: 'Your Nike account is now linked to your membership.',
  unlinked: 'Your Nike account is no longer linked to your membership.',
  declined: 'You chose not to link your Nike account.',
  providerError: 'Nike could not link your account. Please try again.',
  staleAttempt: 'This Nike sign-in has expired or was already used. Please connect again.',
  exchangeFailed: 'Sorry, we could not link your Nike account. Please try again.',
  linkedElsewhere: 'That Nike account is already linked to another membership.',
  unavailable: 'Linking a Nike account is not available at the moment.',
};

/** The token that stands for the member's grant at the provider (revoked on unlink and deletion). */
interface GrantToken {
  token: string;
  type: 'refresh_token' | 'access_token';
}

type LinkSession = Pick<Session, 'tokenHash' | 'accountId'>;

/**
 * What went wrong, for the log: the library's message and code and the provider's OAuth error, never
 * the error's `cause` (openid-client puts the callback's parameters or the token response there,
 * which hold the code and tokens).
 */
function reasonOf(problem: unknown) {
  if (!(problem instanceof Error)) return { message: String(problem) };
  const { code, error, error_description, status } = problem as Error & Record<string, unknown>;
  return { message: problem.message, code, error, error_description, status };
}

function unavailable() {
  return new HttpError(503, 'Unavailable', nikeMessages.unavailable);
}

async function configurationOf(nike: NikeProvider, log: FastifyBaseLogger): Promise<client.Configuration> {
  if (!nike.configuration) throw unavailable();
  try {
    return await nike.configuration();
  } catch (error) {
    log.error({ err: error }, 'Nike provider discovery failed');
    throw unavailable();
  }
}

/**
 * OpenID Connect Core §11: a provider issues a refresh token for `offline_access` only when the
 * member was asked for consent (prompt=consent); without it the scope is dropped and the link keeps
 * a short-lived access token instead of the grant docs/operating.md promises unlinking revokes.
 */
function asksOfflineAccess(scopes: string): boolean {
  return scopes.split(/\s+/).includes('offline_access');
}

/**
 * SPEC §7 link-with-nike: stores an attempt (the state, hashed, and the PKCE verifier, tied to the
 * session that started it) and answers where to send the browser.
 */
export async function startLink(
  ctx: AppContext,
  session: LinkSession,
  log: FastifyBaseLogger,
): Promise<string> {
  const oidc = await openid();
  const configuration = await configurationOf(ctx.nike, log);
  const state = oidc.randomState();
  const verifier = oidc.randomPKCECodeVerifier();
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
  const link = oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: ctx.nike.redirectUri,
    scope: ctx.nike.scopes,
    ...(asksOfflineAccess(ctx.nike.scopes) ? { prompt: 'consent' } : {}),
    state,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  });
  return link.href;
}

/** The callback's parameters as the provider sent them: the whole query, or the spec's named fields. */
export function callbackParameters(body: {
  query?: string | null;
  code?: string | null;
  state?: string | null;
  error?: string | null;
  errorDescription?: string | null;
}): URLSearchParams {
  if (body.query != null) return new URLSearchParams(body.query);
  const params = new URLSearchParams();
  if (body.code) params.set('code', body.code);
  if (body.state) params.set('state', body.state);
  if (body.error) params.set('error', body.error);
  if (body.errorDescription) params.set('error_description', body.errorDescription);
  return params;
}

function refusal(error: string) {
  return error === 'access_denied'
    ? badRequest('LinkDeclined', nikeMessages.declined)
    : badRequest('ProviderError', nikeMessages.providerError);
}

/**
 * SPEC §7 complete-link-with-nike. The provider's answer is checked before anything is spent: its
 * state must name a live attempt of this session, and the answer must pass openid-client's own
 * checks (RFC 9207: `iss` is required and must be the issuer when the provider's discovery announces
 * `authorization_response_iss_parameter_supported`; one value per parameter; the state). An answer
 * that fails them changes nothing, so the real one can still come back. Then, in one transaction,
 * the attempt is taken and the code recorded as used (each works once), and the code is exchanged.
 */
export async function completeLink(
  ctx: AppContext,
  session: LinkSession,
  params: URLSearchParams,
  log: FastifyBaseLogger,
): Promise<void> {
  const [oidc, oauthLib] = await Promise.all([openid(), import('oauth4webapi')]);
  const configuration = await configurationOf(ctx.nike, log);
  const state = params.getAll('state').length === 1 ? params.get('state') : null;
  const attempt = state
    ? await queryOne<{ code_verifier: string }>(
        ctx.db,
        `SELECT code_verifier FROM nike_link_attempts
          WHERE state_hash = $1 AND session_token_hash = $2 AND account_id = $3 AND expires_at > now()`,
        [hashToken(state), session.tokenHash, session.accountId],
      )
    : undefined;
  const error = params.get('error');
  if (!attempt || !state) {
    // Nothing to link either way; a refusal still gets its own words.
    if (error) throw refusal(error);
    throw badRequest('StaleAttempt', nikeMessages.staleAttempt);
  }
  try {
    oauthLib.validateAuthResponse(
      configuration.serverMetadata(),
      configuration.clientMetadata(),
      params,
      state,
    );
  } catch (problem) {
    if (problem instanceof oauthLib.AuthorizationResponseError) {
      // The provider's genuine refusal (the member declined): the attempt is over.
      await ctx.db.query('DELETE FROM nike_link_attempts WHERE state_hash = $1', [hashToken(state)]);
      log.info(
        { error: problem.error, description: problem.error_description },
        'Nike link refused by provider',
      );
      throw refusal(problem.error);
    }
    log.warn({ reason: reasonOf(problem) }, 'Nike callback failed its checks; nothing spent');
    throw badRequest('ProviderError', nikeMessages.providerError);
  }
  const code = params.get('code');
  if (!code) throw badRequest('ProviderError', nikeMessages.providerError);
  const verifier = await ctx.db.transaction(async (tx) => {
    const taken = await queryOne<{ code_verifier: string }>(
      tx,
      `DELETE FROM nike_link_attempts WHERE state_hash = $1 AND session_token_hash = $2 AND expires_at > now()
       RETURNING code_verifier`,
      [hashToken(state), session.tokenHash],
    );
    if (!taken) throw badRequest('StaleAttempt', nikeMessages.staleAttempt);
    await spendCode(tx, code);
    return taken.code_verifier;
  });
  let subject: string;
  let grant: GrantToken;
  try {
    const callback = new URL(ctx.nike.redirectUri);
    callback.search = params.toString();
    const tokens = await oidc.authorizationCodeGrant(configuration, callback, {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
    subject =
      tokens.claims()?.sub ??
      (await oidc.fetchUserInfo(configuration, tokens.access_token, oidc.skipSubjectCheck)).sub;
    grant = tokens.refresh_token
      ? { token: tokens.refresh_token, type: 'refresh_token' }
      : { token: tokens.access_token, type: 'access_token' };
  } catch (problem) {
    log.warn({ reason: reasonOf(problem) }, 'Nike code exchange failed');
    throw badRequest('ExchangeFailed', nikeMessages.exchangeFailed);
  }
  const replaced = await saveLink(ctx.db, session.accountId, subject, grant);
  if (replaced) await revokeAtProvider(ctx, replaced, log);
}

/** A code is accepted once, even with a fresh state (defence in depth beside PKCE). */
async function spendCode(db: Queryable, code: string): Promise<void> {
  try {
    await db.query('INSERT INTO nike_used_codes (code_hash) VALUES ($1)', [hashToken(code)]);
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest('StaleAttempt', nikeMessages.staleAttempt);
    throw error;
  }
}

/**
 * Links the account to the provider's subject id (never its email); one membership per subject.
 * Answers the grant of the link it replaced (another sportswear account), to revoke.
 */
async function saveLink(
  db: Database,
  accountId: string,
  subject: string,
  grant: GrantToken,
): Promise<GrantToken | null> {
  try {
    return await db.transaction(async (tx) => {
      const before = await grantOf(tx, accountId, 'FOR UPDATE');
      const same = await queryOne(
        tx,
        'SELECT 1 FROM nike_links WHERE account_id = $1 AND provider_subject = $2',
        [accountId, subject],
      );
      await tx.query(
        `INSERT INTO nike_links (account_id, provider_subject, grant_token, grant_token_type) VALUES ($1, $2, $3, $4)
         ON CONFLICT (account_id) DO UPDATE SET provider_subject = EXCLUDED.provider_subject,
           grant_token = EXCLUDED.grant_token, grant_token_type = EXCLUDED.grant_token_type, linked_at = now()`,
        [accountId, subject, grant.token, grant.type],
      );
      return before && !same ? before : null;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('LinkedElsewhere', nikeMessages.linkedElsewhere);
    throw error;
  }
}

/** The grant token of the member's link, if any (read before the link goes). */
export async function grantOf(db: Queryable, accountId: string, lock = ''): Promise<GrantToken | null> {
  const row = await queryOne<{ grant_token: string | null; grant_token_type: GrantToken['type'] | null }>(
    db,
    `SELECT grant_token, grant_token_type FROM nike_links WHERE account_id = $1 ${lock}`,
    [accountId],
  );
  return row?.grant_token && row.grant_token_type
    ? { token: row.grant_token, type: row.grant_token_type }
    : null;
}

/**
 * Unlinks (My details): the link goes here at once; its grant is then revoked at the provider. Not
 * linked is no failure: the member gets what they asked for.
 */
export async function unlink(ctx: AppContext, accountId: string, log: FastifyBaseLogger): Promise<void> {
  const grant = await ctx.db.transaction(async (tx) => {
    const held = await grantOf(tx, accountId, 'FOR UPDATE');
    await tx.query('DELETE FROM nike_links WHERE account_id = $1', [accountId]);
    return held;
  });
  if (grant) await revokeAtProvider(ctx, grant, log);
}

/**
 * RFC 7009: asks the provider to revoke a grant, when its discovery names a `revocation_endpoint`.
 * The link is already gone here; a provider that cannot be reached is logged, not retried (its
 * tokens expire on their own).
 */
export async function revokeAtProvider(
  ctx: AppContext,
  grant: GrantToken,
  log: FastifyBaseLogger,
): Promise<void> {
  const oidc = await openid();
  if (!ctx.nike.configuration) return;
  try {
    const configuration = await ctx.nike.configuration();
    if (!configuration.serverMetadata().revocation_endpoint) return;
    await oidc.tokenRevocation(configuration, grant.token, { token_type_hint: grant.type });
    log.info('Nike grant revoked at the provider');
  } catch (error) {
    log.warn({ reason: reasonOf(error) }, 'Nike grant revocation failed');
  }
}
