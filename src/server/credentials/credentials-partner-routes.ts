import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { text } from '#shared/api/text.ts';
import { findAccountByLoyaltyIdOrEmail } from '../accounts/account-service.ts';
import type { AppContext } from '../app-context.ts';
import { enqueueMail } from '../email/outbox.ts';
import { notFound } from '../http/errors.ts';
import { parseOrThrow } from '../http/routes.ts';
import { passwordResetEmail } from './credential-emails.ts';
import { issueToken } from './credential-tokens.ts';

export const memberRequest = z.object({
  member: text().min(1, 'Name the member by card number or email').max(254),
});

/**
 * Staff doors onto credentials (partner API; the operator CLI calls them): a lost phone ends every
 * session and removes the member's passkeys; a member on the phone can be sent a reset link.
 */
export function registerCredentialsPartnerRoutes(partner: FastifyInstance, ctx: AppContext): void {
  async function memberOf(body: unknown) {
    const { member } = parseOrThrow(memberRequest, body);
    const account = await findAccountByLoyaltyIdOrEmail(ctx.db, member);
    if (!account?.email) throw notFound('MemberNotFound', `No member matches ${member}.`);
    return { ...account, email: account.email };
  }

  partner.post('/members/sign-out-everywhere', async (request) => {
    const account = await memberOf(request.body);
    const { sessions, passkeys } = await ctx.db.transaction(async (tx) => {
      const ended = await tx.query('DELETE FROM sessions WHERE account_id = $1 RETURNING token_hash', [
        account.id,
      ]);
      const removed = await tx.query('DELETE FROM passkeys WHERE account_id = $1 RETURNING id', [account.id]);
      return { sessions: ended.length, passkeys: removed.length };
    });
    return {
      member: { loyaltyId: account.loyalty_id, email: account.email },
      sessionsEnded: sessions,
      passkeysRemoved: passkeys,
    };
  });

  partner.post('/members/send-password-reset', async (request) => {
    const account = await memberOf(request.body);
    await ctx.db.transaction(async (tx) => {
      const token = await issueToken(tx, account.id, 'password-reset', ctx.config.passwordResetExpiryMinutes);
      await enqueueMail(tx, passwordResetEmail(ctx.config, ctx.origin, account.email, token));
    });
    return { member: { loyaltyId: account.loyalty_id, email: account.email }, sent: true };
  });
}
