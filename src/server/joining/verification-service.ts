import type { AppContext } from '../app-context.ts';
import { type Queryable, queryOne } from '../db/database.ts';
import { enqueueMail } from '../email/outbox.ts';
import { badRequest, conflict, forbidden, tooManyRequests } from '../http/errors.ts';
import { type AccountRow, findAccountById } from '../members/account-service.ts';
import {
  addressTakenMessage,
  addressToVerify,
  findAccountByProvenEmail,
  proveEmail,
} from '../members/email-proof.ts';
import { issueEmailToken, queueVerificationEmail } from '../members/verification-email.ts';
import { completeSignupMail } from '../members/verification-emails.ts';
import { hashToken } from '../sessions/tokens.ts';
import type { Opener } from '../tokens/link-browser.ts';
import { claimLinkToken } from '../tokens/link-tokens.ts';
import { queueWelcomeMail } from './welcome-email.ts';

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

const signInToConfirmMessage =
  'Only the member who asked for this new email address can confirm it. If that is you, sign in to your membership, then open the link in the email again. If it is not, ignore the email: nothing changes.';

/**
 * The account whose request to move to a new address a live verification token answers, if it is
 * one (the token's address is the one the account asked for, not its own).
 */
async function changeRequesterOf(tx: Queryable, token: string): Promise<string | undefined> {
  const row = await queryOne<{ account_id: string }>(
    tx,
    `SELECT t.account_id FROM link_tokens t JOIN accounts a ON a.id = t.account_id
      WHERE t.token_hash = $1 AND t.purpose = 'verify-email' AND t.used_at IS NULL AND t.expires_at > now()
        AND t.email = a.pending_email AND a.deleted_at IS NULL`,
    [hashToken(token)],
  );
  return row?.account_id;
}

/**
 * SPEC §4 Email verification: the link proves the address and verifies it. Answers the account to
 * sign in, or null when the address was already verified by this link (nothing to do), or
 * 'unconfirmed' when it was opened elsewhere than where it was asked for and waits for the member's
 * click (a mail scanner opening it spends nothing).
 *
 * A link that proves a new address an account asked to move to works only in a session of that
 * account (`sessionAccountId`): the address's owner may be somebody else, whose click must neither
 * give their address to the account nor sign them in to it. Anyone else is refused and spends nothing.
 */
export async function verifyEmail(
  ctx: AppContext,
  input: { username: string; token: string },
  opener: Opener,
  sessionAccountId: string | null,
): Promise<AccountRow | null | 'unconfirmed'> {
  const outcome = await ctx.db.transaction(async (tx) => {
    const requester = await changeRequesterOf(tx, input.token);
    if (requester !== undefined && requester !== sessionAccountId) {
      throw forbidden('SignInToConfirmEmail', signInToConfirmMessage);
    }
    const claim = await claimLinkToken(tx, input.token, input.username, 'verify-email', opener);
    if (!claim.ok) return claim;
    const before = await queryOne<{ email_verified: boolean }>(
      tx,
      'SELECT email_verified FROM accounts WHERE id = $1',
      [claim.row.account_id],
    );
    const proof = await proveEmail(tx, claim.row.account_id, claim.row.email);
    // A member who signed up has joined once their address is proven: the welcome with the card
    // (an address change of a member already proven is not a joining).
    if (proof.ok && before && !before.email_verified) await queueWelcomeMail(ctx, tx, proof.account);
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
