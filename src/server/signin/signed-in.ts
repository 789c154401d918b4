import type { FastifyReply, FastifyRequest } from 'fastify';
import { type SignInMethod, signInMethodCookieName } from '#shared/domain/sign-in-method.ts';
import type { AppContext } from '../app-context.ts';
import type { AccountRow } from '../members/account-service.ts';
import { type AccountViewRow, accountViewColumns, accountViewOf } from '../members/account-view.ts';
import type { SlotRelease } from '../rate-limits/rate-limits.ts';
import { type ReadWithSession, startSession } from '../sessions/session-plugin.ts';

/** Remembers on this browser how the member signed in, for /signin to offer first. */
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

const viewWithSession: ReadWithSession = {
  name: 'start-session-account-view',
  columns: accountViewColumns('started.member_id'),
};

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
    /** A right password's slot given back, with the session. */
    release?: SlotRelease;
  } = {},
) {
  // The account's view is read in the session's statement: one round trip for both.
  const row = await startSession<AccountViewRow>(ctx, request, reply, account.id, {
    passkeyId: options.passkeyId ?? null,
    ...(options.release ? { release: options.release } : {}),
    read: viewWithSession,
    // Only a password or a passkey signs in without reading our mail; every other way is a link we
    // emailed (or a new account's first browser, which is never told).
    inboxProven: options.method !== 'password' && options.method !== 'passkey',
  });
  const view = accountViewOf(account, row, ctx.config);
  if (options.method) rememberSignInMethod(ctx, reply, options.method);
  return { success: true as const, account: view, googlePay: { saveUrl: null } };
}
