import type { AppContext } from '../app-context.ts';
import type { Queryable } from '../db/database.ts';
import { enqueueMail } from '../email/outbox.ts';
import type { AccountRow } from '../members/account-service.ts';
import { queueVerificationEmail } from '../members/verification-email.ts';
import { type Limit, refuseUnlessTaken, takeSlotWithin } from '../rate-limits/rate-limits.ts';
import { emailChangedMail } from './account-emails.ts';

/** What a member reads when a new address waits for its proof (an invitation accepted with another email, an update). */
export const confirmNewEmailMessage = (email: string) =>
  `We've sent an email to ${email}: open the link in it to verify your new address.`;

export interface EmailChange {
  /** The address the account had; null when it had none left. */
  from: string | null;
  /** Whether `from` was proven (and so stays the account's until `to` is). */
  fromProven: boolean;
  to: string;
}

/**
 * How many email changes a member may ask for, and how many members may ask for one address, in a
 * day: each mails a link to an address that may be a stranger's, and tells the old address.
 */
export const emailChangeLimits = { perAccount: 5, perAddress: 3, windowMinutes: 24 * 60 };

const emailChangeLimitedMessage =
  "Your email address can't be changed again just now. Please try again later, or contact customer services.";

/**
 * Counts a member's request to move to `newEmail` against both limits, in the change's transaction
 * (a change that fails later gives its slots back), or answers 429 EmailChangeLimited with
 * Retry-After. Member before address, as every limit is taken, so parallel requests never deadlock.
 */
export async function limitEmailChange(
  tx: Queryable,
  reply: Parameters<typeof refuseUnlessTaken>[0],
  accountId: string,
  newEmail: string,
): Promise<void> {
  const { perAccount, perAddress, windowMinutes } = emailChangeLimits;
  const limits: Limit[] = [
    { bucket: 'email-change-account', key: accountId, limit: perAccount, windowMinutes },
    { bucket: 'email-change-address', key: newEmail, limit: perAddress, windowMinutes },
  ];
  refuseUnlessTaken(reply, await takeSlotWithin(tx, limits), emailChangeLimitedMessage, 'EmailChangeLimited');
}

/**
 * Asks to move `account` to `newEmail` (lowercased, different from its email): the member's email
 * change (SPEC §4 Profile update) and another address given when accepting an invitation. The account
 * keeps its address, proven or not, until the new one is proven by the link sent to it, opened in a
 * session of this account (joining/verification-service.ts): so whoever owns the new address can neither hand
 * it over nor be signed in by clicking. Whether another account has proved `newEmail` changes nothing
 * here (the answer must not tell): its owner gets a note instead of the link, and a proof is refused.
 */
export async function requestEmailChange(
  tx: Queryable,
  account: AccountRow,
  newEmail: string,
): Promise<EmailChange> {
  await tx.query('UPDATE accounts SET pending_email = $2, verification_sent_at = NULL WHERE id = $1', [
    account.id,
    newEmail,
  ]);
  return { from: account.email, fromProven: account.email_verified, to: newEmail };
}

/**
 * In the transaction of the change: the link that proves the new address is written for it, and a
 * proven old address hears of the change, so a takeover cannot go unnoticed. The outbox delivers both
 * once the change commits.
 */
export async function announceEmailChange(
  ctx: AppContext,
  tx: Queryable,
  account: AccountRow,
  change: EmailChange,
  browserHash: string,
): Promise<void> {
  await queueVerificationEmail(ctx, tx, account, browserHash);
  if (!change.from || !change.fromProven) return;
  await enqueueMail(tx, await emailChangedMail(ctx.config, ctx.origin, change.from, change.to));
}
