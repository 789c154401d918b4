import type { AppContext } from '../app-context.ts';
import type { Queryable } from '../db/database.ts';
import { enqueueMail } from '../email/outbox.ts';
import { issueLinkToken } from '../tokens/link-tokens.ts';
import type { AccountRow } from './account-service.ts';
import { addressToVerify, findAccountByProvenEmail } from './email-proof.ts';
import { addressInUseMail, emailChangeProofMail, verificationMail } from './verification-emails.ts';

/**
 * The link that proves an address, mailed: joining (sign-up, a resend) and the member's email change
 * (account/email-change.ts) both send it, so it sits beside the proof it leads to (email-proof.ts).
 */

/**
 * Issues the token of an address-proving link, sent to `account.email`; returns the raw token. A null
 * id does the same work and stores nothing (a link that is never sent).
 */
export function issueEmailToken(
  ctx: AppContext,
  db: Queryable,
  account: { id: string | null; email: string },
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
 *
 * A new address is mailed the change's own words (which membership asks; only its member confirms).
 * One that another account has proved gets no link, only a note that names nobody, after the same
 * statements (a token that stores nothing): the member asking cannot tell it from any other address.
 */
export async function queueVerificationEmail(
  ctx: AppContext,
  tx: Queryable,
  account: AccountRow,
  browserHash: string | null,
): Promise<void> {
  const to = addressToVerify(account);
  if (!to) return;
  const change = to === account.pending_email;
  const owner = change ? await findAccountByProvenEmail(tx, to) : undefined;
  const taken = owner !== undefined && owner.id !== account.id;
  const token = await issueEmailToken(
    ctx,
    tx,
    { id: taken ? null : account.id, email: to },
    'verify-email',
    browserHash,
  );
  await tx.query('UPDATE accounts SET verification_sent_at = now() WHERE id = $1', [account.id]);
  const url = verifyEmailUrl(ctx, to, token);
  const mail = taken
    ? await addressInUseMail(ctx.config, ctx.origin, to)
    : change
      ? await emailChangeProofMail(ctx.config, ctx.origin, {
          to,
          url,
          membership: { fullName: account.full_name, loyaltyId: account.loyalty_id, email: account.email },
        })
      : await verificationMail(ctx.config, ctx.origin, { to, fullName: account.full_name, url });
  await enqueueMail(tx, mail);
}
