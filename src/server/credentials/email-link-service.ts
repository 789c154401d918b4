import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.ts';
import type { Audit } from '../audit/audit-log.ts';
import { type Queryable, queryOne } from '../db/database.ts';
import { enqueueMail } from '../email/outbox.ts';
import { badRequest, conflict, forbidden, notFound } from '../http/errors.ts';
import { type AccountRow, findAccountById } from '../members/account-service.ts';
import { findAccountByProvenEmail } from '../members/email-proof.ts';
import { minimumPasswordLength, newPasswordHash } from '../passwords/passwords.ts';
import {
  linkRequestLimits,
  recentlySentMessage,
  refuseUnlessTaken,
  takeSlotAnd,
} from '../rate-limits/rate-limits.ts';
import { signInThrottle } from '../rate-limits/sign-in-throttle.ts';
import { loginFailedMessage } from '../signin/sign-in-messages.ts';
import { bindToThisBrowser, type Opener } from '../tokens/link-browser.ts';
import {
  consumeLinkToken,
  inspectLinkToken,
  issueLinkToken,
  type LinkTokenPurpose,
  spendOpenedLinkToken,
} from '../tokens/link-tokens.ts';
import { magicLinkEmail, passwordChangedEmail, passwordResetEmail } from './credential-emails.ts';

const magicLinkFailedMessage =
  'This sign-in link has expired or has already been used. Please request a new one.';
const resetLinkInvalidMessage =
  'This password reset link is not valid. Please check you opened the link in the email correctly, or request a new one.';
const resetLinkExpiredMessage =
  'This password reset link has expired or has already been used. Please request a new one.';

type LinkPurpose = Extract<LinkTokenPurpose, 'magic-link' | 'password-reset'>;

/** Signing in with an emailed link is a deployment's choice (enableMagicLinkLogins). */
export function ensureMagicLinksEnabled(ctx: AppContext): void {
  if (!ctx.config.enableMagicLinkLogins)
    throw notFound('NotFound', 'Signing in with an emailed link is not available.');
}

/**
 * A sign-in or reset link for `email`. Limited per email and per address, one slot of each taken
 * atomically (rate-limits.ts), counted for every email, member or not. Members and strangers do
 * the same work before the answer: the slots, one look-up, one token statement and one outbox
 * statement (both of which store nothing for a stranger) in one transaction, so one commit. So
 * neither the answer nor its timing tells them apart.
 */
export async function requestLink(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  input: { purpose: LinkPurpose; email: string; next?: string | undefined },
): Promise<void> {
  const link =
    input.purpose === 'magic-link'
      ? { purpose: input.purpose, minutes: ctx.config.magicLinkExpiryMinutes }
      : { purpose: input.purpose, minutes: ctx.config.passwordResetExpiryMinutes };
  const buckets = { email: `${input.purpose}-email`, address: `${input.purpose}-address` } as const;
  const limits = linkRequestLimits(ctx, request, input.email, buckets);
  // Set for members and strangers alike: the cookie tells nobody whether the address is a member's.
  const browserHash = bindToThisBrowser(ctx, request, reply);
  const outcome = await takeSlotAnd(ctx.db, limits, (tx) =>
    queueLink(ctx, tx, input.email, link, browserHash, input.next),
  );
  refuseUnlessTaken(reply, outcome, recentlySentMessage);
}

/**
 * Inside the caller's transaction (which holds the rate-limit slots): a sign-in or reset link for
 * the member who has proven `email`. A stranger's request does the same work — one look-up, one
 * token statement and one outbox statement, which store nothing — so neither the answer nor its
 * timing tells them apart. Only a member's mail is sent.
 */
async function queueLink(
  ctx: AppContext,
  tx: Queryable,
  email: string,
  link: { purpose: LinkPurpose; minutes: number },
  browserHash: string,
  next?: string,
): Promise<void> {
  const found = await findAccountByProvenEmail(tx, email);
  const member = found?.email && found.can_sign_in ? { id: found.id, email: found.email } : null;
  const token = await issueLinkToken(tx, {
    accountId: member?.id ?? null,
    purpose: link.purpose,
    expiresInMinutes: link.minutes,
    browserHash,
  });
  const to = member?.email ?? email;
  const mail =
    link.purpose === 'magic-link'
      ? await magicLinkEmail(ctx.config, ctx.origin, { to, token, next })
      : await passwordResetEmail(ctx.config, ctx.origin, { to, token });
  await enqueueMail(tx, mail, member !== null);
}

/**
 * The member an emailed sign-in link signs in; following it proves they read that inbox. Opened
 * elsewhere than in the browser that asked for it, the link waits for the member's click
 * ('unconfirmed', token untouched): a mail scanner opening it spends nothing.
 */
export async function signInWithLink(
  ctx: AppContext,
  token: string,
  opener: Opener,
): Promise<AccountRow | 'unconfirmed'> {
  const account = await ctx.db.transaction(async (tx) => {
    const spent = await spendOpenedLinkToken(tx, token, 'magic-link', opener);
    if (!spent.ok) return spent.reason === 'unconfirmed' ? spent.reason : null;
    return queryOne<AccountRow>(
      tx,
      'UPDATE accounts SET email_verified = true WHERE id = $1 AND deleted_at IS NULL RETURNING *',
      [spent.accountId],
    );
  });
  if (account === 'unconfirmed') return account;
  if (!account) throw badRequest('LinkExpired', magicLinkFailedMessage);
  if (!account.can_sign_in) throw forbidden('SignInNotAllowed', loginFailedMessage);
  return account;
}

/**
 * SPEC §4 password reset: the link's owner must be `username`. The password is checked before the
 * token is used, so the member can try another one with the same link. Whoever knew the old
 * password is signed out everywhere, and the account's failed sign-ins are forgiven.
 */
export async function resetPassword(
  ctx: AppContext,
  input: { username: string; password: string; token: string },
): Promise<AccountRow> {
  const found = await inspectLinkToken(ctx.db, input.token, 'password-reset');
  const owner = found.state === 'live' ? await findAccountById(ctx.db, found.accountId) : undefined;
  if (found.state === 'unknown' || (found.state === 'live' && owner?.email !== input.username)) {
    throw badRequest('LinkInvalid', resetLinkInvalidMessage);
  }
  const expired = () => badRequest('LinkExpired', resetLinkExpiredMessage, { isExpired: true });
  if (found.state === 'spent' || !owner) throw expired();
  if (!owner.can_sign_in) throw forbidden('SignInNotAllowed', loginFailedMessage);
  const about = [owner.full_name, owner.email];
  const passwordHash = await newPasswordHash(input.password, minimumPasswordLength.reset, about);
  const account = await ctx.db.transaction(async (tx) => {
    const accountId = await consumeLinkToken(tx, input.token, 'password-reset');
    if (accountId !== owner.id) return null;
    const updated = await queryOne<AccountRow>(
      tx,
      `UPDATE accounts SET password_hash = $2, email_verified = true
        WHERE id = $1 AND deleted_at IS NULL RETURNING *`,
      [accountId, passwordHash],
    );
    if (updated) await ctx.sessions.destroyAllFor(tx, updated.id, null);
    return updated ?? null;
  });
  if (!account) throw expired();
  await signInThrottle(ctx).forgive(input.username);
  return account;
}

/**
 * A new password for a signed-in member: every other session ends, and the address is told.
 * `first`: the member had no password before (joined by link or passkey) and has set their first.
 */
export async function changePassword(
  ctx: AppContext,
  session: { accountId: string; tokenHash: string },
  password: string,
): Promise<{ first: boolean }> {
  const account = await findAccountById(ctx.db, session.accountId);
  const about = [account?.full_name, account?.email];
  const passwordHash = await newPasswordHash(password, minimumPasswordLength.change, about);
  return ctx.db.transaction(async (tx) => {
    // The password it replaces, read under the row's lock: a member without one sets their first.
    const before = await queryOne<{ had_password: boolean }>(
      tx,
      'SELECT password_hash IS NOT NULL AS had_password FROM accounts WHERE id = $1 FOR UPDATE',
      [session.accountId],
    );
    const updated = await queryOne<AccountRow>(
      tx,
      'UPDATE accounts SET password_hash = $2 WHERE id = $1 AND deleted_at IS NULL RETURNING *',
      [session.accountId, passwordHash],
    );
    const first = before?.had_password === false;
    if (updated) await ctx.sessions.destroyAllFor(tx, updated.id, session.tokenHash);
    if (updated?.email) {
      await enqueueMail(tx, await passwordChangedEmail(ctx.config, ctx.origin, updated.email, first));
    }
    return { first };
  });
}

/**
 * Staff send a member on the phone a sign-in link (the console's support role): the emailed link of
 * SPEC §7 magic-link, opened with a click since no browser of the member asked for it. Refused when
 * emailed links are switched off or the member may not sign in.
 */
export async function sendSignInLink(
  ctx: AppContext,
  account: { id: string; email: string; can_sign_in: boolean },
  audit: Audit,
): Promise<void> {
  ensureMagicLinksEnabled(ctx);
  if (!account.can_sign_in) throw conflict('SignInNotAllowed', 'This member may not sign in (access rules).');
  await ctx.db.transaction(async (tx) => {
    const token = await issueLinkToken(tx, {
      accountId: account.id,
      purpose: 'magic-link',
      expiresInMinutes: ctx.config.magicLinkExpiryMinutes,
    });
    await enqueueMail(tx, await magicLinkEmail(ctx.config, ctx.origin, { to: account.email, token }));
    await audit(tx, { memberId: account.id, change: { to: account.email } });
  });
}

/** Staff send a member on the phone a reset link (partner API, operator CLI). */
export async function sendPasswordReset(
  ctx: AppContext,
  account: { id: string; email: string },
  audit: Audit,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const token = await issueLinkToken(tx, {
      accountId: account.id,
      purpose: 'password-reset',
      expiresInMinutes: ctx.config.passwordResetExpiryMinutes,
    });
    await enqueueMail(tx, await passwordResetEmail(ctx.config, ctx.origin, { to: account.email, token }));
    await audit(tx, { memberId: account.id, change: { to: account.email } });
  });
}
