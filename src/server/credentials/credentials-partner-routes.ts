import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { notFound } from '../http/errors.ts';
import { parseOrThrow } from '../http/routes.ts';
import { findAccountByLoyaltyIdOrEmail } from '../members/account-service.ts';
import { namedMemberRequest } from '../members/member-schemas.ts';
import { partnerAudit } from '../operator/partner-auth.ts';
import { sendPasswordReset } from './email-link-service.ts';
import { signOutEverywhere } from './passkey-store.ts';

/**
 * Staff doors onto credentials (partner API; the operator CLI calls them): a lost phone ends every
 * session and removes the member's passkeys; a member on the phone can be sent a reset link.
 */
export function registerCredentialsPartnerRoutes(partner: FastifyInstance, ctx: AppContext): void {
  async function memberOf(body: unknown) {
    const { member } = parseOrThrow(namedMemberRequest, body);
    const account = await findAccountByLoyaltyIdOrEmail(ctx.db, member);
    if (!account?.email) throw notFound('MemberNotFound', `No member matches ${member}.`);
    return { ...account, email: account.email };
  }

  partner.post('/members/sign-out-everywhere', async (request) => {
    const account = await memberOf(request.body);
    const { sessions, passkeys } = await signOutEverywhere(
      ctx.db,
      account.id,
      partnerAudit(request, 'member.sign_out_everywhere'),
    );
    return {
      member: { loyaltyId: account.loyalty_id, email: account.email },
      sessionsEnded: sessions,
      passkeysRemoved: passkeys,
    };
  });

  partner.post('/members/send-password-reset', async (request) => {
    const account = await memberOf(request.body);
    await sendPasswordReset(ctx, account, partnerAudit(request, 'member.send_password_reset'));
    return { member: { loyaltyId: account.loyalty_id, email: account.email }, sent: true };
  });
}
