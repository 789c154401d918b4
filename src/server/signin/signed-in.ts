import type { FastifyReply, FastifyRequest } from 'fastify';
import { type SignInMethod, signInMethodCookieName } from '#shared/domain/sign-in-method.ts';
import type { AppContext } from '../app-context.ts';
import type { Queryable } from '../db/database.ts';
import type { AccountRow } from '../members/account-service.ts';
import { accountView } from '../members/account-view.ts';
import { startSession } from '../sessions/session-plugin.ts';

/** Remembers on this browser how the member signed in, for /signin to offer first (issue 15 §7). */
function rememberSignInMethod(ctx: AppContext, reply: FastifyReply, method: SignInMethod): void {
  const secure = new URL(ctx.origin).protocol === 'https:';
  reply.setCookie(signInMethodCookieName(secure), method, {
    path: '/',
    // Read by the page too (shared/domain/sign-in-method.ts says why); it holds no secret.
    httpOnly: false,
    sameSite: 'lax',
    secure,
    maxAge: 400 * 24 * 60 * 60,
  });
}

/**
 * Signs `account` in (a new session cookie) and answers what SPEC §7 sends back to a browser that
 * has just signed in: the account as the member sees it, and the Google Wallet save link.
 */
export async function signedIn(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  account: AccountRow,
  options: {
    passkeyId?: string | null;
    method?: SignInMethod;
    alsoInTransaction?: (tx: Queryable) => Promise<void>;
  } = {},
) {
  // The account's view does not depend on the session: both at once (two connections on PostgreSQL).
  const [view] = await Promise.all([
    accountView(ctx.db, account, ctx.config),
    startSession(ctx, request, reply, account.id, options),
  ]);
  if (options.method) rememberSignInMethod(ctx, reply, options.method);
  return { success: true as const, account: view, googlePay: { saveUrl: null } };
}
