import { deleteMember } from '#shared/api/partner-admin-endpoints.ts';
import type { AppContext } from '../app-context.ts';
import type { PartnerServe } from '../audit/audited-doors.ts';
import { notFound } from '../http/errors.ts';
import { findAccountByLoyaltyIdOrEmail } from '../members/account-service.ts';
import { deleteAccount } from './account-deletion-service.ts';

/**
 * Staff door onto account deletion (a member asks customer services to be forgotten): the same
 * erasure, and the same confirming email, as the member's own `POST /api/delete-account`; see
 * docs/deletion.md.
 */
export function registerAccountPartnerRoutes(serve: PartnerServe, ctx: AppContext): void {
  serve(deleteMember, async ({ member }, { request, audit }) => {
    const erased = await deleteAccount(
      ctx,
      (tx) => findAccountByLoyaltyIdOrEmail(tx, member),
      request.log,
      audit,
    );
    if (!erased) throw notFound('MemberNotFound', `No member matches ${member}.`);
    request.log.info({ accountId: erased.id }, 'account deleted by staff');
    return { deleted: true as const, loyaltyId: erased.loyalty_id };
  });
}
