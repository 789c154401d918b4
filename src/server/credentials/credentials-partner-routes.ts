import * as partner from '#shared/api/partner-admin-endpoints.ts';
import type { AppContext } from '../app-context.ts';
import type { PartnerServe } from '../audit/audited-doors.ts';
import { notFound } from '../http/errors.ts';
import { findAccountByLoyaltyIdOrEmail } from '../members/account-service.ts';
import { sendPasswordReset } from './email-link-service.ts';
import { signOutEverywhere } from './passkey-store.ts';

/**
 * Staff doors onto credentials (partner API; the operator CLI calls them): a lost phone ends every
 * session and removes the member's passkeys; a member on the phone can be sent a reset link.
 */
export function registerCredentialsPartnerRoutes(serve: PartnerServe, ctx: AppContext): void {
  async function memberOf(member: string) {
    const account = await findAccountByLoyaltyIdOrEmail(ctx.db, member);
    if (!account?.email) throw notFound('MemberNotFound', `No member matches ${member}.`);
    return { ...account, email: account.email };
  }

  serve(partner.signOutEverywhere, async ({ member }, { audit }) => {
    const account = await memberOf(member);
    const { sessions, passkeys } = await signOutEverywhere(ctx.db, account.id, audit);
    return {
      member: { loyaltyId: account.loyalty_id, email: account.email },
      sessionsEnded: sessions,
      passkeysRemoved: passkeys,
    };
  });

  serve(partner.sendPasswordReset, async ({ member }, { audit }) => {
    const account = await memberOf(member);
    await sendPasswordReset(ctx, account, audit);
    return { member: { loyaltyId: account.loyalty_id, email: account.email }, sent: true as const };
  });
}
