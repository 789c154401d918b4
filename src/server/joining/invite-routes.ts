import type { FastifyInstance } from 'fastify';
import { acceptInviteEndpoint, acceptInviteStatusEndpoint } from '#shared/api/joining.ts';
import { confirmNewEmailMessage } from '../account/email-change.ts';
import type { AppContext } from '../app-context.ts';
import { conflict } from '../http/errors.ts';
import { route } from '../http/routes.ts';
import { signedIn } from '../signin/signed-in.ts';
import { bindToThisBrowser } from '../tokens/link-browser.ts';
import { acceptInvitation, freshAccount, inviteStatus } from './accept-invite-service.ts';

const alreadySignedInMessage = 'You are already signed in. Sign out first to accept this invitation.';

export function registerInviteRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, acceptInviteStatusEndpoint, async ({ token }) => ({
    success: true,
    ...(await inviteStatus(ctx, token)),
  }));

  route(app, acceptInviteEndpoint, async (body, request, reply) => {
    if (request.session) throw conflict('AlreadyLoggedIn', alreadySignedInMessage);
    const { account, emailChange } = await acceptInvitation(
      ctx,
      body,
      bindToThisBrowser(ctx, request, reply),
    );
    const answer = await signedIn(ctx, request, reply, await freshAccount(ctx, account));
    return { ...answer, ...(emailChange ? { message: confirmNewEmailMessage(emailChange.to) } : {}) };
  });
}
