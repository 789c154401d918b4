import type { FastifyInstance } from 'fastify';
import { consentHistoryEndpoint, dataExportEndpoint, withdrawConsentEndpoint } from '#shared/api/privacy.ts';
import type { AppContext } from '../app-context.ts';
import { route } from '../http/routes.ts';
import { findAccountById } from '../members/account-service.ts';
import { accountView } from '../members/account-view.ts';
import { requireRecentAuthentication } from '../sessions/session-plugin.ts';
import { consentHistoryOf, withdrawConsent } from './consent-history.ts';
import { exportMemberData } from './data-export.ts';

const withdrawnMessage = 'You will no longer get these messages.';
const alreadyWithdrawnMessage = 'You were not getting these messages.';

/** The privacy centre (/help/privacy): consent history, one-tap withdrawal, the data export. */
export function registerPrivacyRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, consentHistoryEndpoint, async (_query, _request, _reply, session) => {
    return { success: true, history: await consentHistoryOf(ctx.db, session.accountId) };
  });

  route(app, withdrawConsentEndpoint, async ({ channel }, _request, _reply, session) => {
    const { changed } = await ctx.db.transaction((tx) =>
      withdrawConsent(tx, ctx.config, session.accountId, channel),
    );
    const row = await findAccountById(ctx.db, session.accountId);
    const account = row ? await accountView(ctx.db, row, ctx.config) : undefined;
    return { success: true, message: changed ? withdrawnMessage : alreadyWithdrawnMessage, account };
  });

  // GDPR articles 15 and 20, as a file. The whole dossier in one request: it needs a recent sign-in
  // or re-confirmation, like the other changes that would hand the account's contents to a thief.
  route(app, dataExportEndpoint, async (_query, _request, reply, signedIn) => {
    const session = requireRecentAuthentication(signedIn);
    const data = await ctx.db.transaction(async (tx) => {
      // One snapshot: the ledger, balances and consents agree with each other.
      await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
      return exportMemberData(tx, ctx.config, session.accountId, session.tokenHash);
    });
    const day = data.exportedAt.slice(0, 10);
    reply.header('content-disposition', `attachment; filename="my-data-${day}.json"`);
    reply.header('cache-control', 'no-store');
    return data;
  });
}
