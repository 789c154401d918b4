import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.ts';
import type { AccountRow } from '../members/account-service.ts';
import { accountView } from '../members/account-view.ts';
import { startSession } from '../sessions/session-plugin.ts';

/**
 * Signs `account` in (a new session cookie) and answers what SPEC §7 sends back to a browser that
 * has just signed in: the account as the member sees it, and the Google Wallet save link.
 */
export async function signedIn(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  account: AccountRow,
  options: { passkeyId?: string | null } = {},
) {
  await startSession(ctx, request, reply, account.id, options);
  return {
    success: true as const,
    account: await accountView(ctx.db, account, ctx.config),
    googlePay: { saveUrl: null },
  };
}
