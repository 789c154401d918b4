import type { FastifyInstance } from 'fastify';
import { deleteAccountEndpoint, updateAccountEndpoint } from '#shared/api/account.ts';
import type { AppContext } from '../app-context.ts';
import { badRequest, unauthorized } from '../http/errors.ts';
import { route } from '../http/routes.ts';
import { findAccountById } from '../members/account-service.ts';
import { accountView } from '../members/account-view.ts';
import { endSession, requireRecentAuthentication } from '../sessions/session-plugin.ts';
import { bindToThisBrowser } from '../tokens/link-browser.ts';
import { deleteAccount } from './account-deletion-service.ts';
import { updateAccount } from './account-update-service.ts';
import { announceEmailChange, confirmNewEmailMessage } from './email-change.ts';

const updateCompleteMessage = 'Your details have been updated.';
const noChangesMessage = 'There were no changes to save.';
/** What a member who asked for a new address is told; until they open the link, the old one stays. */
const verifyNewEmailMessage = (email: string) =>
  `Your details have been updated. ${confirmNewEmailMessage(email)}`;
const deleteConfirmMismatchMessage =
  "That isn't the email address of your account. Enter it exactly to confirm.";
const accountDeletedMessage = 'Your account has been deleted.';

export function registerAccountRoutes(app: FastifyInstance, ctx: AppContext): void {
  // SPEC §7 update-account: the member's own details, consents and currency.
  route(app, updateAccountEndpoint, async (body, request, reply, session) => {
    const result = await ctx.db.transaction(async (tx) => {
      const updated = await updateAccount(tx, ctx.config, session.accountId, body, session, reply);
      // The new address must be proven (SPEC §4 Account status); a proven old one hears of the change.
      if (updated.emailChanged) {
        const browserHash = bindToThisBrowser(ctx, request, reply);
        await announceEmailChange(ctx, tx, updated.account, updated.emailChanged, browserHash);
      }
      return updated;
    });
    const fresh = (await findAccountById(ctx.db, session.accountId)) ?? result.account;
    const account = await accountView(ctx.db, fresh, ctx.config);
    // SPEC §4: an update whose account comes back unable to sign in drops the session.
    if (!account.accessRules.canSignIn) await endSession(ctx, request, reply);
    if (!result.changed) return { success: true, message: noChangesMessage, account };
    return {
      success: true,
      message: result.emailChanged ? verifyNewEmailMessage(result.emailChanged.to) : updateCompleteMessage,
      account,
      verificationRequired: result.emailChanged ? true : undefined,
    };
  });

  // SPEC §7 delete-account: confirmed with the member's email; erases personal data, keeps the
  // anonymised ledger, and signs the member out everywhere. Needs a recent authentication (ASVS 6.2.3).
  route(app, deleteAccountEndpoint, async ({ username }, request, reply, signedIn) => {
    const session = requireRecentAuthentication(signedIn);
    await deleteAccount(
      ctx,
      async (tx) => {
        const account = await findAccountById(tx, session.accountId);
        if (!account)
          throw unauthorized('LOGIN_REQUIRED', 'To access your account details, you first need to sign in', {
            errorCode: 'LOGIN_REQUIRED',
          });
        if (!account.email || account.email !== username) {
          throw badRequest('DeleteConfirmMismatch', deleteConfirmMismatchMessage, {
            fieldErrors: { username: deleteConfirmMismatchMessage },
          });
        }
        return account;
      },
      request.log,
    );
    await endSession(ctx, request, reply);
    request.log.info({ accountId: session.accountId }, 'account deleted');
    return { success: true, message: accountDeletedMessage };
  });
}
