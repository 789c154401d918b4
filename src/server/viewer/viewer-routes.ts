import type { FastifyInstance } from 'fastify';
import { type ViewerResponse, viewerEndpoint } from '#shared/api/viewer.ts';
import type { AppContext } from '../app-context.ts';
import { route } from '../http/routes.ts';
import { findAccountById } from '../members/account-service.ts';
import { accountView } from '../members/account-view.ts';
import type { Session } from '../sessions/session-service.ts';

/** SPEC §3 Viewer response for a session (or none); the page carries it too, so first paint needs no call. */
export async function viewerFor(ctx: AppContext, session: Session | null): Promise<ViewerResponse> {
  const sentry = ctx.config.sentry;
  const account = session ? await findAccountById(ctx.db, session.accountId) : undefined;
  if (!account) return { isAnonymous: true, account: null, googlePay: null, sentry, homeRedirect: null };
  const homeRedirect =
    account.home_origin && new URL(account.home_origin).origin !== ctx.origin ? account.home_origin : null;
  return {
    isAnonymous: false,
    account: await accountView(ctx.db, account, ctx.config),
    googlePay: { saveUrl: null },
    sentry,
    homeRedirect,
    walletPresence: account.wallet_presence,
  };
}

export function registerViewerRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, viewerEndpoint, async (_query, request, reply) => {
    reply.header('cache-control', 'no-store');
    return viewerFor(ctx, request.session);
  });
}
