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
  type StaffNotice,
  sendPasswordResetEndpoint,
  sendSignInLinkEndpoint,
  setBurnRateEndpoint,
  undeliveredMailEndpoint,
  updateMemberEndpoint,
} from '#shared/api/staff-members.ts';
import { deleteAccount } from '../account/account-deletion-service.ts';
import type { AppContext } from '../app-context.ts';
import { sendPasswordReset, sendSignInLink } from '../credentials/email-link-service.ts';
import { mailStatus, retryGivenUpMail } from '../email/outbox-status.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { createInvite, type InviteRow } from '../joining/invite-service.ts';
import { updateMember } from '../member-admin/member-admin-service.ts';
import type { AccountRow } from '../members/account-service.ts';
import { currentBurnRate } from '../members/account-view.ts';
import { setBurnRate } from '../points/burn-rate-service.ts';
import { partnerWrites } from '../points/partner-points-service.ts';
import { memberByLoyaltyId, memberView, searchMembers, sessionIdOf } from './staff-member-view.ts';
import { staffRoute } from './staff-scope.ts';

/** The action's notice code (the console words it); the details it names. */
const done = (notice: StaffNotice, details: { email?: string; points?: number } = {}) => ({
  success: true as const,
  notice,
  ...details,
});

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
  staffRoute(scope, memberSearchEndpoint, async ({ q }) => ({
    members: await searchMembers(ctx.db, q),
  }));
  staffRoute(scope, memberViewEndpoint, async ({ loyaltyId }) => memberView(ctx, loyaltyId));

  // Support: help the member sign in.
  staffRoute(scope, resendInvitationEndpoint, async ({ loyaltyId, invitationId }, _staff, { audit }) => {
    const account = await liveMember(ctx, loyaltyId);
    const [invite] = await ctx.db.query<InviteRow>(
      'SELECT * FROM invites WHERE id = $1 AND (account_id = $2 OR email = $3)',
      [invitationId, account.id, account.email],
    );
    if (!invite) throw notFound('NotFound', 'That invitation is not this member’s.');
    if (invite.consumed_at) throw badRequest('InviteConsumed', 'That invitation has already been accepted.');
    const { invite: sent } = await createInvite(
      ctx,
      {
        email: invite.email,
        name: invite.full_name,
        from: invite.invited_by,
        existing: invite.existing_customer,
        ...(invite.invited_by_staff_id ? { fromStaffId: invite.invited_by_staff_id } : {}),
      },
      audit,
    );
    return done('invitation-sent', { email: sent.email });
  });

  staffRoute(scope, sendPasswordResetEndpoint, async ({ loyaltyId }, _staff, { audit }) => {
    const account = await liveMember(ctx, loyaltyId);
    await sendPasswordReset(ctx, account, audit);
    return done('password-reset-sent', { email: account.email });
  });

  staffRoute(scope, sendSignInLinkEndpoint, async ({ loyaltyId }, _staff, { audit }) => {
    const account = await liveMember(ctx, loyaltyId);
    await sendSignInLink(ctx, account, audit);
    return done('sign-in-link-sent', { email: account.email });
  });

  staffRoute(scope, endSessionEndpoint, async ({ loyaltyId, sessionId }, _staff, { audit }) => {
    const account = await liveMember(ctx, loyaltyId);
    const sessions = await ctx.db.query<{ token_hash: string }>(
      'SELECT token_hash FROM sessions WHERE account_id = $1',
      [account.id],
    );
    const session = sessions.find((s) => sessionIdOf(s.token_hash) === sessionId);
    if (!session) throw notFound('NotFound', 'That session has already ended.');
    await ctx.db.transaction(async (tx) => {
      await ctx.sessions.destroy(tx, session.token_hash);
      await audit(tx, { memberId: account.id, change: { sessionId } });
    });
    return done('session-ended');
  });

  staffRoute(scope, endAllSessionsEndpoint, async ({ loyaltyId }, _staff, { audit }) => {
    const account = await liveMember(ctx, loyaltyId);
    await ctx.db.transaction(async (tx) => {
      await ctx.sessions.destroyAllFor(tx, account.id);
      await audit(tx, { memberId: account.id, change: {} });
    });
    return done('all-sessions-ended');
  });

  // Manager: points, access, deletion.
  staffRoute(
    scope,
    adjustPointsEndpoint,
    async ({ loyaltyId, adjustmentId, points, reason }, _staff, { audit }) => {
      await liveMember(ctx, loyaltyId);
      // The console's contract holds the partner API's rules for each field (checked on arrival).
      const input = { adjustmentId, loyaltyId, points, reason };
      const result = await partnerWrites.adjustment(ctx, input, audit);
      return result.replayed ? done('adjustment-already-recorded') : done('points-adjusted', { points });
    },
  );

  staffRoute(scope, updateMemberEndpoint, async ({ loyaltyId, ...changes }, _staff, { audit }) => {
    const account = await liveMember(ctx, loyaltyId);
    // Nothing to change is the service's 400 (NothingToChange), before anything is written.
    await updateMember(ctx, account, changes, audit);
    return done('member-updated');
  });

  staffRoute(scope, deleteMemberEndpoint, async ({ loyaltyId, confirm }, _staff, { request, audit }) => {
    if (confirm !== loyaltyId) {
      throw badRequest('DeleteConfirmMismatch', 'Type the member’s card number to confirm the deletion.', {
        fieldErrors: { confirm: 'Type the member’s card number' },
      });
    }
    const erased = await deleteAccount(
      ctx,
      (tx) => memberByLoyaltyId(tx, loyaltyId).catch(() => undefined),
      request.log,
      audit,
    );
    if (!erased) throw notFound('MemberNotFound', `Member ${loyaltyId} has already been deleted.`);
    request.log.info({ accountId: erased.id, staffId: request.staff?.staffId }, 'account deleted by staff');
    return done('member-deleted');
  });

  staffRoute(scope, burnRateEndpoint, async () => ({ burnRate: await currentBurnRate(ctx.db) }));
  staffRoute(scope, setBurnRateEndpoint, async (rate, _staff, { audit }) => {
    await setBurnRate(ctx.db, rate, audit);
    return { burnRate: rate };
  });

  // The undelivered-email queue: support sees it, a manager sends one again.
  staffRoute(scope, undeliveredMailEndpoint, async () => mailStatus(ctx.db, 200));
  staffRoute(scope, retryMailEndpoint, async ({ id }, _staff, { audit }) => {
    if (!(await retryGivenUpMail(ctx.db, id, audit)))
      throw notFound('MailNotFound', `No given-up mail has the id ${id}.`);
    ctx.outbox.wake();
    return done('mail-requeued');
  });
}
