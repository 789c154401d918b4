import type { AppContext } from '../app-context.ts';
import type { Queryable } from '../db/database.ts';
import { enqueueMail } from '../email/outbox.ts';
import { queueVerificationEmail } from '../joining/verification-service.ts';
import type { AccountRow } from '../members/account-service.ts';
import { findAccountByProvenEmail } from '../members/email-proof.ts';
import { emailChangedMail } from './account-emails.ts';

export interface EmailChange {
  /** The address the account had; null when it had none left. */
  from: string | null;
  /** Whether `from` was proven (and so stays the account's until `to` is). */
  fromProven: boolean;
  to: string;
}

/**
 * Asks to move `account` to `newEmail` (lowercased, different from its email): the member's email
 * change (SPEC §4 Profile update) and another address given when accepting an invitation. A proven
 * address stays the account's until the new one is proven by the link sent to it; an unproven one is
 * simply replaced (it matched nothing anyway). 'taken' when another account has proved `newEmail`.
 */
export async function requestEmailChange(
  tx: Queryable,
  account: AccountRow,
  newEmail: string,
): Promise<EmailChange | 'taken'> {
  if (await findAccountByProvenEmail(tx, newEmail)) return 'taken';
  if (account.email_verified) {
    await tx.query('UPDATE accounts SET pending_email = $2, verification_sent_at = NULL WHERE id = $1', [
      account.id,
      newEmail,
    ]);
  } else {
    await tx.query(
      'UPDATE accounts SET email = $2, pending_email = NULL, verification_sent_at = NULL WHERE id = $1',
      [account.id, newEmail],
    );
  }
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
