import type { FastifyRequest } from 'fastify';
import { type ViewerResponse, viewerResponseSchema } from '#shared/api/viewer.ts';
import type { AppContext } from '../app-context.ts';
import { queryOne } from '../db/database.ts';
import type { AccountRow } from '../members/account-service.ts';
import { findAccountById } from '../members/account-service.ts';
import {
  type AccountDerived,
  accountDerivedColumns,
  accountView,
  accountViewChangesAt,
  type BurnRate,
  toAccountView,
} from '../members/account-view.ts';
import { sessionCookie } from '../sessions/session-plugin.ts';
import { liveSessionSql, type Session } from '../sessions/session-service.ts';
import type { CachedAnswer, CachedBurnRate, CachedDerived, ViewerAnswer } from './viewer-cache.ts';

/** The session's columns, named apart from the account's. */
interface SessionColumns {
  session_token_hash: string;
  session_passkey_id: string | null;
  session_stale: boolean;
  session_recent: boolean;
}

type ViewerRow = AccountRow & {
  row_version: string;
  session_token_hash: string;
  session_passkey_id: string | null;
  session_stale: boolean;
  session_recent: boolean;
  viewer_version: number;
  rate_revision: number;
  rate_points_level: number | null;
  rate_cash_value: number | null;
} & (({ derived_read: true; next_maturity: string } & AccountDerived) | { derived_read: null });

/** The live session, named apart from the account's columns. */
const sessionColumns = `live.token_hash AS session_token_hash, live.passkey_id AS session_passkey_id,
         live.stale AS session_stale, live.recent AS session_recent`;

/** What both viewer statements read from: the live session, its account and the burn rate's revision. */
const sessionAndAccount = `FROM live JOIN accounts a ON a.id = live.account_id AND a.deleted_at IS NULL
   CROSS JOIN burn_rate_revision revision`;

/**
 * The session and everything the viewer shows in one statement: the live session (the one
 * definition, liveSessionSql), the account row, and what the session's cache entry (viewer-cache.ts)
 * does not hold any more: the reads of accountDerivedColumns run only when the cached ones ($4 to $6)
 * are not for this account at its viewer_version, or a pending purchase has matured since; the burn
 * rate only when burn_rate_revision moved past $7. Both checks are in this statement's snapshot, so a
 * write committed on any server is seen by the next viewer on every server. The idle clock's write
 * adds a round trip at most once a minute.
 */
const viewerSql = `WITH live AS (${liveSessionSql})
  SELECT ${sessionColumns}, a.*, a.xmin::text AS row_version, revision.revision AS rate_revision,
         derived.*, rate.*
    ${sessionAndAccount}
    LEFT JOIN LATERAL (
      SELECT true AS derived_read, ${accountDerivedColumns('a.id')},
             (SELECT COALESCE(MIN(confirms_at), 'infinity')::text FROM ledger_entries
               WHERE account_id = a.id AND confirms_at > now() AND confirmed_at IS NULL) AS next_maturity
       WHERE a.id IS DISTINCT FROM $4::uuid OR a.viewer_version IS DISTINCT FROM $5::bigint
          OR now() >= COALESCE($6::timestamptz, '-infinity')
      -- OFFSET 0 keeps this a subquery of its own: merged into the join, the planner would run the
      -- reads and filter after; on its own, its WHERE is a one-time filter that skips them.
      OFFSET 0
    ) derived ON true
    LEFT JOIN LATERAL (
      SELECT points_level AS rate_points_level, cash_value AS rate_cash_value FROM burn_rates
       WHERE revision.revision IS DISTINCT FROM $7::bigint ORDER BY position LIMIT 1
    ) rate ON true`;

/**
 * The common case, a session whose answer is cached (every request after its first on this server,
 * until something it shows changes): the same session, and whether the cached answer still holds:
 * made from this version of the account row ($8, its xmin, which every update of the row changes),
 * the same viewer_version and burn rate revision, no pending purchase matured since. Nothing else is
 * read: five columns to describe and parse instead of the account row's. When the answer no longer
 * holds, viewerSql follows: two round trips, once after each such change.
 */
const checkSql = `WITH live AS (${liveSessionSql})
  SELECT ${sessionColumns},
         (a.id = $4::uuid AND a.viewer_version = $5::bigint AND now() < $6::timestamptz
          AND revision.revision = $7::bigint AND a.xmin::text = $8) AS answer_holds
    ${sessionAndAccount}`;

/** An answer in both forms, through the response schema (which decides what leaves the server). */
function answerOf(response: ViewerResponse): ViewerAnswer {
  const body = viewerResponseSchema.parse(response);
  return { body, json: JSON.stringify(body) };
}

/** A visitor's answer, the same for every request of one configuration. */
const anonymousAnswers = new WeakMap<AppContext['config'], ViewerAnswer>();

function anonymous(ctx: AppContext): ViewerAnswer {
  let answer = anonymousAnswers.get(ctx.config);
  if (!answer) {
    answer = answerOf({
      isAnonymous: true,
      account: null,
      googlePay: null,
      sentry: ctx.config.sentry,
      homeRedirect: null,
    });
    anonymousAnswers.set(ctx.config, answer);
  }
  return answer;
}

function signedIn(ctx: AppContext, account: AccountRow, view: ViewerResponse['account']): ViewerResponse {
  const homeRedirect =
    account.home_origin && new URL(account.home_origin).origin !== ctx.origin ? account.home_origin : null;
  return {
    isAnonymous: false,
    account: view,
    googlePay: { saveUrl: null },
    sentry: ctx.config.sentry,
    homeRedirect,
    walletPresence: account.wallet_presence,
  };
}

/**
 * SPEC §3 Viewer response for this request (the page carries it too, so first paint needs no call),
 * as an object (`body`) and as the JSON the viewer route sends (`json`). On a route marked
 * `ownSessionQuery` the session hook left the session to this query, which resolves it and sets
 * request.session; elsewhere (the 405 page) the hook resolved it already.
 */
export async function viewerForRequest(ctx: AppContext, request: FastifyRequest): Promise<ViewerAnswer> {
  if (!request.routeOptions.config.ownSessionQuery) return viewerFor(ctx, request.session);
  const token = request.cookies[sessionCookie(ctx.origin).name];
  if (!token) return anonymous(ctx);
  const params = ctx.sessions.liveSessionParams(token);
  const [tokenHash] = params;
  // What this request checks is what it uses: a parallel request may replace the entries meanwhile.
  const cached = ctx.viewerCache.session(tokenHash);
  const cachedRate = ctx.viewerCache.burnRate();
  const entries = [
    cached?.accountId ?? null,
    cached?.version ?? null,
    cached?.nextMaturity ?? null,
    cachedRate?.revision ?? null,
  ];
  // Both prepared once per connection: the viewer is the hottest read.
  const answer = cached?.answer;
  if (cached && answer && cachedRate && Date.now() < answer.until) {
    const checked = await queryOne<SessionColumns & { answer_holds: boolean }>(
      ctx.db,
      checkSql,
      [...params, ...entries, answer.rowVersion],
      { prepared: 'viewer-check' },
    );
    if (!checked) return signedOut(ctx, tokenHash);
    if (checked.answer_holds) {
      request.session = await keepAlive(ctx, checked, cached.accountId);
      return answer;
    }
  }
  const row = await queryOne<ViewerRow>(ctx.db, viewerSql, [...params, ...entries], { prepared: 'viewer' });
  if (!row) return signedOut(ctx, tokenHash);
  request.session = await keepAlive(ctx, row, row.id);
  const { derived, nextMaturity } = derivedOf(row, cached);
  const made = answerOf(
    signedIn(ctx, row, toAccountView(row, derived, burnRateOf(ctx, row, cachedRate), ctx.config)),
  );
  ctx.viewerCache.remember(row.session_token_hash, {
    accountId: row.id,
    version: row.viewer_version,
    nextMaturity,
    derived,
    answer: {
      ...made,
      rowVersion: row.row_version,
      // Made again at least every ten minutes, so no row version is trusted for long.
      until: Math.min(accountViewChangesAt(row, ctx.config), Date.now() + answerLifeMs),
    } satisfies CachedAnswer,
  });
  return made;
}

/** How long a cached answer is used at most, whatever holds. */
const answerLifeMs = 10 * 60_000;

function signedOut(ctx: AppContext, tokenHash: string) {
  ctx.viewerCache.forget(tokenHash);
  return anonymous(ctx);
}

/** The session of the viewer's row (its idle clock written when a minute old). */
function keepAlive(ctx: AppContext, row: SessionColumns, accountId: string) {
  return ctx.sessions.keepAlive(ctx.db, {
    token_hash: row.session_token_hash,
    account_id: accountId,
    passkey_id: row.session_passkey_id,
    stale: row.session_stale,
    recent: row.session_recent,
  });
}

/** The derived columns the query read, or the cached ones it confirmed, with when they mature. */
function derivedOf(
  row: ViewerRow,
  cached: CachedDerived | undefined,
): Pick<CachedDerived, 'derived' | 'nextMaturity'> {
  if (row.derived_read) {
    const { pending, matured, email_consent, whatsapp_consent, nike_linked, personal_shopper } = row;
    const derived = { pending, matured, email_consent, whatsapp_consent, nike_linked, personal_shopper };
    return { derived, nextMaturity: row.next_maturity };
  }
  // The query skips the reads only when $4 to $6 came from an entry.
  if (!cached) throw new Error('viewer: derived columns neither read nor cached');
  return cached;
}

/** The burn rate the query read at a new revision (remembered for every session), or the cached one. */
function burnRateOf(ctx: AppContext, row: ViewerRow, cached: CachedBurnRate | null): BurnRate | null {
  if (cached && cached.revision === row.rate_revision) return cached.rate;
  const rate =
    row.rate_points_level != null && row.rate_cash_value != null
      ? { pointsLevel: row.rate_points_level, cashValue: row.rate_cash_value }
      : null;
  ctx.viewerCache.rememberBurnRate({ revision: row.rate_revision, rate });
  return rate;
}

/** The viewer of a session already resolved (two reads: the account row, then what it derives). */
async function viewerFor(ctx: AppContext, session: Session | null): Promise<ViewerAnswer> {
  const account = session ? await findAccountById(ctx.db, session.accountId) : undefined;
  if (!account) return anonymous(ctx);
  return answerOf(signedIn(ctx, account, await accountView(ctx.db, account, ctx.config)));
}
