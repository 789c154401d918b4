import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { notFound } from '../http/errors.ts';
import { parseOrThrow } from '../http/routes.ts';
import { findAccountByLoyaltyIdOrEmail } from '../members/account-service.ts';
import { namedMemberRequest } from '../members/member-schemas.ts';
import { partnerAudit } from '../operator/partner-auth.ts';
import { deleteAccount } from './account-deletion-service.ts';

/**
 * Staff door onto account deletion (a member asks customer services to be forgotten): the same
 * erasure, and the same confirming email, as the member's own `POST /api/delete-account`; see
 * docs/deletion.md.
 */
export function registerAccountPartnerRoutes(partner: FastifyInstance, ctx: AppContext): void {
  partner.post('/members/delete', async (request) => {
    const { member } = parseOrThrow(namedMemberRequest, request.body);
    const erased = await deleteAccount(
      ctx,
      (tx) => findAccountByLoyaltyIdOrEmail(tx, member),
      request.log,
      partnerAudit(request, 'member.delete'),
    );
    if (!erased) throw notFound('MemberNotFound', `No member matches ${member}.`);
    request.log.info({ accountId: erased.id }, 'account deleted by staff');
    return { deleted: true, loyaltyId: erased.loyalty_id };
  });
}
