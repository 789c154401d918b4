import type { AppContext } from '../app-context.ts';
import { type Queryable, queryOne } from '../db/database.ts';
import { enqueueMail } from '../email/outbox.ts';
import { badRequest, conflict, tooManyRequests } from '../http/errors.ts';
import { type AccountRow, findAccountById } from '../members/account-service.ts';
import {
  addressTakenMessage,
  addressToVerify,
  findAccountByProvenEmail,
  proveEmail,
} from '../members/email-proof.ts';
import type { Opener } from '../tokens/link-browser.ts';
import { claimLinkToken, issueLinkToken } from '../tokens/link-tokens.ts';
import { completeSignupMail, verificationMail } from './verification-emails.ts';

/** Issues the token of an address-proving link, sent to `account.email`; returns the raw token. */
function issueEmailToken(
  ctx: AppContext,
  db: Queryable,
  account: { id: string; email: string },
  purpose: 'verify-email' | 'complete-signup',
  browserHash: string | null,
): Promise<string> {
  return issueLinkToken(db, {
    accountId: account.id,
    purpose,
    email: account.email,
    expiresInMinutes: ctx.config.verificationExpiryHours * 60,
    browserHash,
  });
}

function verifyEmailUrl(ctx: AppContext, email: string, token: string): string {
  return `${ctx.origin}/verify-email?email=${encodeURIComponent(email)}&token=${encodeURIComponent(token)}`;
}

/**
 * Writes a verification email, to the address the account has yet to prove (a new one it asked
 * for, else its own unproven one), to the outbox and stamps `verification_sent_at` (the resend rate
 * limit and the account's emailVerificationRequestResendAvailable are derived from it), in the
 * caller's transaction: the token, the stamp and the mail exist together or not at all. The link
 * opens at once in the browser `browserHash` names (the one that asked: link-browser.ts).
 */
export async function queueVerificationEmail(
  ctx: AppContext,
  tx: Queryable,
  account: AccountRow,
  browserHash: string | null,
): Promise<void> {
  const to = addressToVerify(account);
  if (!to) return;
  const token = await issueEmailToken(ctx, tx, { id: account.id, email: to }, 'verify-email', browserHash);
  await tx.query('UPDATE accounts SET verification_sent_at = now() WHERE id = $1', [account.id]);
  await enqueueMail(
    tx,
    await verificationMail(ctx.config, ctx.origin, {
      to,
      fullName: account.full_name,
      url: verifyEmailUrl(ctx, to, token),
    }),
  );
}

/** SPEC §2 VIP Signup: the emailed /complete-signup link that proves the address and finishes joining. */
export async function queueCompleteSignupEmail(
  ctx: AppContext,
  tx: Queryable,
  account: AccountRow & { email: string },
  browserHash: string | null,
): Promise<void> {
  const token = await issueEmailToken(
    ctx,
    tx,
    { id: account.id, email: account.email },
    'complete-signup',
    browserHash,
  );
  const url = `${ctx.origin}/complete-signup?token=${encodeURIComponent(token)}&email=${encodeURIComponent(account.email)}`;
  await enqueueMail(
    tx,
    await completeSignupMail(ctx.config, ctx.origin, { to: account.email, fullName: account.full_name, url }),
  );
  await tx.query('UPDATE accounts SET verification_sent_at = now() WHERE id = $1', [account.id]);
}

const resendLimitedMessage = "Wait a few more minutes as we've recently sent the email";
const verificationFailedMessage =
  'We could not verify your email address with this link. Please check you opened the link in the newest email from us.';
const verificationExpiredMessage =
  'This verification link has expired. Sign in and ask for a new one from My Details.';
export const alreadyVerifiedMessage = 'Your email address is already verified.';

/**
 * SPEC §4 Email verification: the link proves the address and verifies it. Answers the account to
 * sign in, or null when the address was already verified by this link (nothing to do), or
 * 'unconfirmed' when it was opened elsewhere than where it was asked for and waits for the member's
 * click (issue 12 §4: a mail scanner opening it spends nothing).
 */
export async function verifyEmail(
  ctx: AppContext,
  input: { username: string; token: string },
  opener: Opener,
): Promise<AccountRow | null | 'unconfirmed'> {
  const outcome = await ctx.db.transaction(async (tx) => {
    const claim = await claimLinkToken(tx, input.token, input.username, 'verify-email', opener);
    if (!claim.ok) return claim;
    const proof = await proveEmail(tx, claim.row.account_id, claim.row.email);
    // Whoever opens the link may not be whoever typed the address (someone else's, into their own
    // account): the sessions opened before the proof did not rest on it, so only this browser stays.
    if (proof.ok) await ctx.sessions.destroyAllFor(tx, proof.account.id);
    return proof;
  });
  if (outcome.ok) return outcome.account;
  if (outcome.reason === 'unconfirmed') return outcome.reason;
  if (outcome.reason === 'taken') throw conflict('UserAlreadyExists', addressTakenMessage);
  if (outcome.reason === 'used' && (await findAccountByProvenEmail(ctx.db, input.username))) return null;
  throw outcome.reason === 'expired'
    ? badRequest('LinkExpired', verificationExpiredMessage, { isExpired: true })
    : badRequest('LinkInvalid', verificationFailedMessage);
}

/**
 * SPEC §5: a new verification email, at most one per verificationResendWindowMinutes. The conditional
 * lock is the rate limit: a parallel request waits, then finds the fresh stamp and sends nothing. The
 * stamp, the token and the mail are one transaction; the outbox delivers.
 */
export async function resendVerification(
  ctx: AppContext,
  accountId: string,
  browserHash: string,
): Promise<void> {
  const current = await findAccountById(ctx.db, accountId);
  if (!current?.email)
    throw badRequest('LOGIN_REQUIRED', 'We could not find your account. Please sign in again.');
  if (!addressToVerify(current)) throw badRequest('AlreadyVerified', alreadyVerifiedMessage);
  const claimed = await ctx.db.transaction(async (tx) => {
    const row = await queryOne<AccountRow>(
      tx,
      `SELECT * FROM accounts
        WHERE id = $1 AND (email_verified = false OR pending_email IS NOT NULL)
          AND (verification_sent_at IS NULL OR verification_sent_at <= now() - make_interval(mins => $2))
        FOR UPDATE`,
      [current.id, ctx.config.verificationResendWindowMinutes],
    );
    if (row) await queueVerificationEmail(ctx, tx, row, browserHash);
    return row;
  });
  if (!claimed?.email) throw tooManyRequests('ResendLimited', resendLimitedMessage);
}
