import type { FastifyInstance } from 'fastify';
import {
  adjustPointsEndpoint,
  burnRateEndpoint,
  deleteMemberEndpoint,
  endAllSessionsEndpoint,
  endSessionEndpoint,
  memberSearchEndpoint,
  memberViewEndpoint,
  resendInvitationEndpoint,
  retryMailEndpoint,
  sendPasswordResetEndpoint,
  setBurnRateEndpoint,
  undeliveredMailEndpoint,
  updateMemberEndpoint,
} from '#shared/api/staff-members.ts';
import { deleteAccount } from '../account/account-deletion-service.ts';
import type { AppContext } from '../app-context.ts';
import { sendPasswordReset } from '../credentials/email-link-service.ts';
import { mailStatus, retryGivenUpMail } from '../email/outbox-status.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { createInvite, type InviteRow } from '../joining/invite-service.ts';
import type { AccountRow } from '../members/account-service.ts';
import { currentBurnRate } from '../members/account-view.ts';
import { updateMember } from '../members/member-admin-service.ts';
import { memberUpdateRequest } from '../members/member-schemas.ts';
import { setBurnRate } from '../points/burn-rate-service.ts';
import { partnerWrites } from '../points/partner-points-service.ts';
import { adjustmentRequest } from '../points/partner-schemas.ts';
import { memberByLoyaltyId, memberView, searchMembers, sessionIdOf } from './staff-member-view.ts';
import { staffRoute } from './staff-scope.ts';

const done = (message: string) => ({ success: true as const, message });

/** A member who is not deleted (actions need one); deleted members can only be looked at. */
async function liveMember(ctx: AppContext, loyaltyId: string): Promise<AccountRow & { email: string }> {
  const account = await memberByLoyaltyId(ctx.db, loyaltyId);
  if (account.deleted_at || !account.email)
    throw notFound('MemberNotFound', `Member ${loyaltyId} has been deleted.`);
  return { ...account, email: account.email };
}

/**
 * The member look-up, the member view and every action on a member the console offers, each the
 * least role it needs, each through the service the partner API and the CLI use.
 */
export function registerStaffMemberRoutes(scope: FastifyInstance, ctx: AppContext): void {
  staffRoute(scope, memberSearchEndpoint, 'support', async ({ q }) => ({
    members: await searchMembers(ctx.db, q),
  }));
  staffRoute(scope, memberViewEndpoint, 'support', async ({ loyaltyId }) => memberView(ctx, loyaltyId));

  // Support: help the member sign in.
  staffRoute(scope, resendInvitationEndpoint, 'support', async ({ loyaltyId, invitationId }) => {
    const account = await liveMember(ctx, loyaltyId);
    const [invite] = await ctx.db.query<InviteRow>(
      'SELECT * FROM invites WHERE id = $1 AND (account_id = $2 OR email = $3)',
      [invitationId, account.id, account.email],
    );
    if (!invite) throw notFound('NotFound', 'That invitation is not this member’s.');
    if (invite.consumed_at) throw badRequest('InviteConsumed', 'That invitation has already been accepted.');
    const { invite: sent } = await createInvite(ctx, {
      email: invite.email,
      name: invite.full_name,
      from: invite.invited_by,
      existing: invite.existing_customer,
    });
    return done(`A new invitation is on its way to ${sent.email}.`);
  });

  staffRoute(scope, sendPasswordResetEndpoint, 'support', async ({ loyaltyId }) => {
    const account = await liveMember(ctx, loyaltyId);
    await sendPasswordReset(ctx, account);
    return done(`A password reset link is on its way to ${account.email}.`);
  });

  staffRoute(scope, endSessionEndpoint, 'support', async ({ loyaltyId, sessionId }) => {
    const account = await liveMember(ctx, loyaltyId);
    const sessions = await ctx.db.query<{ token_hash: string }>(
      'SELECT token_hash FROM sessions WHERE account_id = $1',
      [account.id],
    );
    const session = sessions.find((s) => sessionIdOf(s.token_hash) === sessionId);
    if (!session) throw notFound('NotFound', 'That session has already ended.');
    await ctx.sessions.destroy(ctx.db, session.token_hash);
    return done('The session has ended.');
  });

  staffRoute(scope, endAllSessionsEndpoint, 'support', async ({ loyaltyId }) => {
    const account = await liveMember(ctx, loyaltyId);
    await ctx.sessions.destroyAllFor(ctx.db, account.id);
    return done('Every session of the member has ended.');
  });

  // Manager: points, access, deletion.
  staffRoute(scope, adjustPointsEndpoint, 'manager', async ({ loyaltyId, adjustmentId, points, reason }) => {
    await liveMember(ctx, loyaltyId);
    const input = adjustmentRequest.parse({ adjustmentId, loyaltyId, points, reason });
    const result = await partnerWrites.adjustment(ctx, input);
    return done(result.replayed ? 'This adjustment was already recorded.' : `Adjusted by ${points} points.`);
  });

  staffRoute(scope, updateMemberEndpoint, 'manager', async ({ loyaltyId, ...changes }) => {
    const account = await liveMember(ctx, loyaltyId);
    await updateMember(ctx, account, memberUpdateRequest.parse(changes));
    return done('The member has been updated.');
  });

  staffRoute(scope, deleteMemberEndpoint, 'manager', async ({ loyaltyId, confirm }, _staff, request) => {
    if (confirm !== loyaltyId) {
      throw badRequest('DeleteConfirmMismatch', 'Type the member’s card number to confirm the deletion.', {
        fieldErrors: { confirm: 'Type the member’s card number' },
      });
    }
    const erased = await deleteAccount(
      ctx,
      (tx) => memberByLoyaltyId(tx, loyaltyId).catch(() => undefined),
      request.log,
    );
    if (!erased) throw notFound('MemberNotFound', `Member ${loyaltyId} has already been deleted.`);
    request.log.info({ accountId: erased.id, staffId: request.staff?.staffId }, 'account deleted by staff');
    return done(`Member ${loyaltyId} has been deleted.`);
  });

  staffRoute(scope, burnRateEndpoint, 'support', async () => ({ burnRate: await currentBurnRate(ctx.db) }));
  staffRoute(scope, setBurnRateEndpoint, 'manager', async (rate) => {
    await setBurnRate(ctx.db, rate);
    return { burnRate: rate };
  });

  // The undelivered-email queue: support sees it, a manager sends one again.
  staffRoute(scope, undeliveredMailEndpoint, 'support', async () => mailStatus(ctx.db, 200));
  staffRoute(scope, retryMailEndpoint, 'manager', async ({ id }) => {
    if (!(await retryGivenUpMail(ctx.db, id)))
      throw notFound('MailNotFound', `No given-up mail has the id ${id}.`);
    ctx.outbox.wake();
    return done('The email is back in the queue.');
  });
}
