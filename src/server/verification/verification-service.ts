import type { AccountRow } from '../accounts/account-service.ts';
import { addressToVerify } from '../accounts/email-proof.ts';
import type { AppContext } from '../app-context.ts';
import { type Queryable, queryOne } from '../db/database.ts';
import { renderEmail } from '../email/layout.ts';
import type { Mail } from '../email/mailer.ts';
import { enqueueMail } from '../email/outbox.ts';
import { hashToken, newToken } from '../sessions/tokens.ts';

export type EmailTokenPurpose = 'verify-email' | 'complete-signup';

export interface EmailTokenRow {
  token_hash: string;
  purpose: EmailTokenPurpose;
  account_id: string;
  email: string;
  created_at: Date;
  expires_at: Date;
  consumed_at: Date | null;
}

/** Issues a single-use, expiring token for `account`'s current email; returns the raw token. */
export async function issueEmailToken(
  ctx: AppContext,
  db: Queryable,
  account: { id: string; email: string },
  purpose: EmailTokenPurpose,
): Promise<string> {
  const token = newToken();
  await db.query(
    `INSERT INTO email_tokens (token_hash, purpose, account_id, email, expires_at)
     VALUES ($1, $2, $3, $4, now() + make_interval(hours => $5))`,
    [hashToken(token), purpose, account.id, account.email, ctx.config.verificationExpiryHours],
  );
  return token;
}

/**
 * Claims a token inside the caller's transaction: answers the row when it was unused, unexpired and
 * sent to `email` (marking it used), or why not. Two parallel claims cannot both win.
 */
export async function claimEmailToken(
  tx: Queryable,
  token: string,
  email: string,
  purpose: EmailTokenPurpose,
): Promise<{ ok: true; row: EmailTokenRow } | { ok: false; reason: 'invalid' | 'expired' | 'used' }> {
  const row = await queryOne<EmailTokenRow>(
    tx,
    'SELECT * FROM email_tokens WHERE token_hash = $1 AND purpose = $2 FOR UPDATE',
    [hashToken(token), purpose],
  );
  if (!row || row.email !== email.trim().toLowerCase()) return { ok: false, reason: 'invalid' };
  if (row.consumed_at) return { ok: false, reason: 'used' };
  if (row.expires_at.getTime() <= Date.now()) return { ok: false, reason: 'expired' };
  await tx.query('UPDATE email_tokens SET consumed_at = now() WHERE token_hash = $1', [row.token_hash]);
  return { ok: true, row };
}

export function verifyEmailUrl(ctx: AppContext, email: string, token: string): string {
  return `${ctx.origin}/verify-email?email=${encodeURIComponent(email)}&token=${encodeURIComponent(token)}`;
}

export function verificationMail(brand: string, to: string, fullName: string, url: string): Mail {
  const title = `Please verify your email address for ${brand}`;
  const { html, text } = renderEmail(brand, {
    title: 'Verify your email address',
    paragraphs: [
      `Dear ${fullName.trim().split(/\s+/)[0] ?? fullName},`,
      `Please confirm that ${to} is your email address. Until you do, you still earn points on every purchase, but you cannot receive rewards.`,
    ],
    action: { label: 'Verify my email address', url },
    footer: 'If you did not ask for this, you can ignore this email.',
  });
  return { to, subject: title, html, text, links: [url] };
}

/**
 * Writes a verification email, to the address the account has yet to prove (a new one it asked
 * for, else its own unproven one), to the outbox and stamps `verification_sent_at` (the resend rate
 * limit and the account's emailVerificationRequestResendAvailable are derived from it), in the
 * caller's transaction: the token, the stamp and the mail exist together or not at all.
 */
export async function queueVerificationEmail(
  ctx: AppContext,
  tx: Queryable,
  account: AccountRow,
): Promise<void> {
  const to = addressToVerify(account);
  if (!to) return;
  const token = await issueEmailToken(ctx, tx, { id: account.id, email: to }, 'verify-email');
  await tx.query('UPDATE accounts SET verification_sent_at = now() WHERE id = $1', [account.id]);
  await enqueueMail(
    tx,
    verificationMail(ctx.config.title, to, account.full_name, verifyEmailUrl(ctx, to, token)),
  );
}
