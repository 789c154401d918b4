import type { FastifyInstance } from 'fastify';
import {
  acceptInviteEndpoint,
  acceptInviteStatusEndpoint,
  createInviteRequest,
  createInviteResponse,
} from '#shared/api/joining.ts';
import { confirmNewEmailMessage } from '../account/account-routes.ts';
import type { AppContext } from '../app-context.ts';
import { conflict } from '../http/errors.ts';
import { parseOrThrow, route } from '../http/routes.ts';
import { partnerAudit } from '../operator/partner-auth.ts';
import { signedIn } from '../signin/signed-in.ts';
import { bindToThisBrowser } from '../tokens/link-browser.ts';
import { acceptInvitation, freshAccount, inviteStatus } from './accept-invite-service.ts';
import { createInvite } from './invite-service.ts';

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

/** POST /partner/v1/invites: staff invite someone; the invitation is emailed and its URL returned. */
export function registerInvitePartnerRoutes(partner: FastifyInstance, ctx: AppContext): void {
  partner.post('/invites', async (request, reply) => {
    const input = parseOrThrow(createInviteRequest, request.body);
    const { invite, acceptUrl } = await createInvite(ctx, input, partnerAudit(request, 'invite.create'));
    reply.code(201);
    return createInviteResponse.parse({
      success: true,
      invite: {
        id: invite.id,
        email: invite.email,
        fullName: invite.full_name,
        invitedBy: invite.invited_by,
        existingCustomer: invite.existing_customer,
        expiresAt: invite.expires_at.toISOString(),
        acceptUrl,
      },
    });
  });
}
