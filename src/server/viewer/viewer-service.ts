import type { FastifyRequest } from 'fastify';
import type { ViewerResponse } from '#shared/api/viewer.ts';
import type { AppContext } from '../app-context.ts';
import { queryOne } from '../db/database.ts';
import type { AccountRow } from '../members/account-service.ts';
import { findAccountById } from '../members/account-service.ts';
import {
  type AccountDerived,
  accountDerivedColumns,
  accountView,
  toAccountView,
} from '../members/account-view.ts';
import { sessionCookie } from '../sessions/session-plugin.ts';
import { liveSessionSql, type Session } from '../sessions/session-service.ts';

type ViewerRow = AccountRow &
  AccountDerived & {
    session_token_hash: string;
    session_passkey_id: string | null;
    session_stale: boolean;
    session_recent: boolean;
  };

/**
 * The session and everything the viewer shows in one statement: the live session (the one
 * definition, liveSessionSql), the account row, its pending and matured points, consents, the Nike
 * link and the burn rate. The viewer is the hottest call (every page and every screen asks it), so
 * its common case is one round trip; the idle clock's write adds one at most once a minute.
 */
const viewerSql = `WITH live AS (${liveSessionSql})
  SELECT live.token_hash AS session_token_hash, live.passkey_id AS session_passkey_id,
         live.stale AS session_stale, live.recent AS session_recent,
         a.*, ${accountDerivedColumns('a.id')}
    FROM live JOIN accounts a ON a.id = live.account_id AND a.deleted_at IS NULL`;

const anonymous = (ctx: AppContext): ViewerResponse => ({
  isAnonymous: true,
  account: null,
  googlePay: null,
  sentry: ctx.config.sentry,
  homeRedirect: null,
});

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
 * SPEC §3 Viewer response for this request (the page carries it too, so first paint needs no call).
 * On a route marked `ownSessionQuery` the session hook left the session to this query, which resolves
 * it and sets request.session; elsewhere (the 405 page) the hook resolved it already.
 */
export async function viewerForRequest(ctx: AppContext, request: FastifyRequest): Promise<ViewerResponse> {
  if (!request.routeOptions.config.ownSessionQuery) return viewerFor(ctx, request.session);
  const token = request.cookies[sessionCookie(ctx.origin).name];
  if (!token) return anonymous(ctx);
  // Prepared once per connection: the viewer is the hottest read (issue 13 §2).
  const row = await queryOne<ViewerRow>(ctx.db, viewerSql, ctx.sessions.liveSessionParams(token), {
    prepared: 'viewer',
  });
  if (!row) return anonymous(ctx);
  request.session = await ctx.sessions.keepAlive(ctx.db, {
    token_hash: row.session_token_hash,
    account_id: row.id,
    passkey_id: row.session_passkey_id,
    stale: row.session_stale,
    recent: row.session_recent,
  });
  return signedIn(ctx, row, toAccountView(row, row, ctx.config));
}

/** The viewer of a session already resolved (two reads: the account row, then what it derives). */
async function viewerFor(ctx: AppContext, session: Session | null): Promise<ViewerResponse> {
  const account = session ? await findAccountById(ctx.db, session.accountId) : undefined;
  if (!account) return anonymous(ctx);
  return signedIn(ctx, account, await accountView(ctx.db, account, ctx.config));
}
