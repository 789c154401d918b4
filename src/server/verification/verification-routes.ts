import type { FastifyInstance } from 'fastify';
import { requestVerificationResendEndpoint, verifyEmailEndpoint } from '#shared/api/joining.ts';
import { type AccountRow, findAccountById } from '../accounts/account-service.ts';
import { accountView } from '../accounts/account-view.ts';
import {
  addressTakenMessage,
  addressToVerify,
  findAccountByProvenEmail,
  proveEmail,
} from '../accounts/email-proof.ts';
import type { AppContext } from '../app-context.ts';
import { queryOne } from '../db/database.ts';
import { badRequest, conflict, tooManyRequests } from '../http/errors.ts';
import { route } from '../http/routes.ts';
import { requireSession, startSession } from '../sessions/session-plugin.ts';
import { claimEmailToken, queueVerificationEmail } from './verification-service.ts';

export const resendLimitedMessage = "Wait a few more minutes as we've recently sent the email";
export const verificationFailedMessage =
  'We could not verify your email address with this link. Please check you opened the link in the newest email from us.';
export const verificationExpiredMessage =
  'This verification link has expired. Sign in and ask for a new one from My Details.';
export const alreadyVerifiedMessage = 'Your email address is already verified.';

export function registerVerificationRoutes(app: FastifyInstance, ctx: AppContext): void {
  // SPEC §4 Email verification: the link proves the address, verifies it and signs the member in.
  route(app, verifyEmailEndpoint, async ({ username, token }, request, reply) => {
    const outcome = await ctx.db.transaction(async (tx) => {
      const claim = await claimEmailToken(tx, token, username, 'verify-email');
      if (!claim.ok) return claim;
      const proof = await proveEmail(tx, claim.row.account_id, claim.row.email);
      // Whoever opens the link may not be whoever typed the address (someone else's, into their own
      // account): the sessions opened before the proof did not rest on it, so only this browser stays.
      if (proof.ok) await ctx.sessions.destroyAllFor(tx, proof.account.id);
      return proof;
    });
    if (!outcome.ok) {
      if (outcome.reason === 'taken') throw conflict('UserAlreadyExists', addressTakenMessage);
      if (outcome.reason === 'used' && (await findAccountByProvenEmail(ctx.db, username))) {
        return { success: true, message: alreadyVerifiedMessage };
      }
      throw outcome.reason === 'expired'
        ? badRequest('LinkExpired', verificationExpiredMessage, { isExpired: true })
        : badRequest('LinkInvalid', verificationFailedMessage);
    }
    if (!outcome.account.can_sign_in) return { success: true, message: alreadyVerifiedMessage };
    await startSession(ctx, request, reply, outcome.account.id);
    return {
      success: true,
      account: await accountView(ctx.db, outcome.account, ctx.config),
      googlePay: { saveUrl: null },
    };
  });

  // SPEC §5: rate limited per account; the window is verificationResendWindowMinutes.
  route(app, requestVerificationResendEndpoint, async (_body, request) => {
    const session = requireSession(request);
    const current = await findAccountById(ctx.db, session.accountId);
    if (!current?.email)
      throw badRequest('LOGIN_REQUIRED', 'We could not find your account. Please sign in again.');
    if (!addressToVerify(current)) throw badRequest('AlreadyVerified', alreadyVerifiedMessage);
    // The conditional lock is the rate limit: a parallel request waits, then finds the fresh stamp and
    // sends nothing. The stamp, the token and the mail are one transaction; the outbox delivers.
    const claimed = await ctx.db.transaction(async (tx) => {
      const row = await queryOne<AccountRow>(
        tx,
        `SELECT * FROM accounts
          WHERE id = $1 AND (email_verified = false OR pending_email IS NOT NULL)
            AND (verification_sent_at IS NULL OR verification_sent_at <= now() - make_interval(mins => $2))
          FOR UPDATE`,
        [current.id, ctx.config.verificationResendWindowMinutes],
      );
      if (row) await queueVerificationEmail(ctx, tx, row);
      return row;
    });
    if (!claimed?.email) throw tooManyRequests('ResendLimited', resendLimitedMessage);
    return { success: true, message: 'We have sent you a new verification email.' };
  });
}
