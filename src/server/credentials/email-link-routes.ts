import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  changePasswordEndpoint,
  magicLinkEndpoint,
  passwordResetEndpoint,
  requestMagicLinkEndpoint,
  requestPasswordResetEndpoint,
} from '#shared/api/credentials.ts';
import { type AccountRow, findAccountById } from '../accounts/account-service.ts';
import { accountView } from '../accounts/account-view.ts';
import { findAccountByProvenEmail } from '../accounts/email-proof.ts';
import type { AppContext } from '../app-context.ts';
import { loginFailedMessage } from '../auth/auth-routes.ts';
import {
  hashPassword,
  isAcceptablePassword,
  minimumPasswordLength,
  passwordRequirementsMessage,
} from '../auth/passwords.ts';
import { queryOne } from '../db/database.ts';
import { enqueueMail } from '../email/outbox.ts';
import { badRequest, forbidden, notFound } from '../http/errors.ts';
import { route } from '../http/routes.ts';
import { requireRecentAuthentication, startSession } from '../sessions/session-plugin.ts';
import { magicLinkEmail, passwordChangedEmail, passwordResetEmail } from './credential-emails.ts';
import { consumeToken, inspectToken, issueToken, type TokenPurpose } from './credential-tokens.ts';
import {
  type Bucket,
  linkRequestLimits,
  recentlySentMessage,
  refuseUnlessTaken,
  takeSlotAnd,
} from './rate-limits.ts';
import { signInThrottle } from './sign-in-throttle.ts';

export const magicLinkSentMessage =
  'Check your email: if there is an account for that address, we have sent it a link to sign in.';
export const resetSentMessage =
  'Check your email: if there is an account for that address, we have sent it a link to reset your password.';
export { recentlySentMessage } from './rate-limits.ts';
export const magicLinkFailedMessage =
  'This sign-in link has expired or has already been used. Please request a new one.';
export const resetLinkInvalidMessage =
  'This password reset link is not valid. Please check you opened the link in the email correctly, or request a new one.';
export const resetLinkExpiredMessage =
  'This password reset link has expired or has already been used. Please request a new one.';
export const passwordChangedMessage = 'Your password has been changed.';

export function registerEmailLinkRoutes(app: FastifyInstance, ctx: AppContext): void {
  const throttle = signInThrottle(ctx);

  /**
   * A sign-in or reset link for `email`. Limited per email and per address, one slot of each taken
   * atomically (rate-limits.ts), counted for every email, member or not. Members and strangers do
   * the same work before the answer: the slots, one look-up, one token statement and one outbox
   * statement (both of which store nothing for a stranger) in one transaction, so one commit. So
   * neither the answer nor its timing tells them apart.
   */
  async function requestLink(
    request: FastifyRequest,
    reply: FastifyReply,
    email: string,
    link: { purpose: TokenPurpose; minutes: number; buckets: { email: Bucket; address: Bucket } },
    next?: string,
  ): Promise<void> {
    const limits = linkRequestLimits(ctx, request, email, link.buckets);
    const outcome = await takeSlotAnd(ctx.db, limits, async (tx) => {
      const found = await findAccountByProvenEmail(tx, email);
      const member = found?.email && found.can_sign_in ? { id: found.id, email: found.email } : null;
      const token = await issueToken(tx, member?.id ?? null, link.purpose, link.minutes);
      const to = member?.email ?? email;
      const mail =
        link.purpose === 'magic-link'
          ? magicLinkEmail(ctx.config, ctx.origin, to, token, next)
          : passwordResetEmail(ctx.config, ctx.origin, to, token);
      await enqueueMail(tx, mail, member !== null);
    });
    refuseUnlessTaken(reply, outcome, recentlySentMessage);
  }

  async function signedIn(request: FastifyRequest, reply: FastifyReply, account: AccountRow) {
    await startSession(ctx, request, reply, account.id);
    return {
      success: true,
      account: await accountView(ctx.db, account, ctx.config),
      googlePay: { saveUrl: null },
    };
  }

  route(app, requestMagicLinkEndpoint, async ({ email, next }, request, reply) => {
    if (!ctx.config.enableMagicLinkLogins)
      throw notFound('NotFound', 'Signing in with an emailed link is not available.');
    await requestLink(
      request,
      reply,
      email,
      {
        purpose: 'magic-link',
        minutes: ctx.config.magicLinkExpiryMinutes,
        buckets: { email: 'magic-link-email', address: 'magic-link-address' },
      },
      next,
    );
    return { success: true, message: magicLinkSentMessage };
  });

  route(app, magicLinkEndpoint, async ({ token }, request, reply) => {
    if (!ctx.config.enableMagicLinkLogins)
      throw notFound('NotFound', 'Signing in with an emailed link is not available.');
    const account = await ctx.db.transaction(async (tx) => {
      const accountId = await consumeToken(tx, token, 'magic-link');
      if (!accountId) return null;
      // Following the emailed link proves the member reads that inbox.
      return queryOne<AccountRow>(
        tx,
        `UPDATE accounts SET email_verified = true
          WHERE id = $1 AND deleted_at IS NULL RETURNING *`,
        [accountId],
      );
    });
    if (!account) {
      throw badRequest('LinkExpired', magicLinkFailedMessage);
    }
    if (!account.can_sign_in) {
      throw forbidden('SignInNotAllowed', loginFailedMessage);
    }
    return signedIn(request, reply, account);
  });

  route(app, requestPasswordResetEndpoint, async ({ username }, request, reply) => {
    await requestLink(request, reply, username, {
      purpose: 'password-reset',
      minutes: ctx.config.passwordResetExpiryMinutes,
      buckets: { email: 'password-reset-email', address: 'password-reset-address' },
    });
    return { success: true, message: resetSentMessage };
  });

  route(app, passwordResetEndpoint, async ({ username, password, token }, request, reply) => {
    const found = await inspectToken(ctx.db, token, 'password-reset');
    const owner = found.state === 'live' ? await findAccountById(ctx.db, found.accountId) : undefined;
    if (found.state === 'unknown' || (found.state === 'live' && owner?.email !== username)) {
      throw badRequest('LinkInvalid', resetLinkInvalidMessage);
    }
    if (found.state === 'spent' || !owner) {
      throw badRequest('LinkExpired', resetLinkExpiredMessage, { isExpired: true });
    }
    if (!owner.can_sign_in) {
      throw forbidden('SignInNotAllowed', loginFailedMessage);
    }
    // Checked before the token is used, so the member can try another password with the same link.
    if (!isAcceptablePassword(password, minimumPasswordLength.reset)) {
      throw badRequest('InvalidPassword', passwordRequirementsMessage, { invalidPassword: true });
    }
    const passwordHash = await hashPassword(password);
    const account = await ctx.db.transaction(async (tx) => {
      const accountId = await consumeToken(tx, token, 'password-reset');
      if (accountId !== owner.id) return null;
      const updated = await queryOne<AccountRow>(
        tx,
        `UPDATE accounts SET password_hash = $2, email_verified = true
          WHERE id = $1 AND deleted_at IS NULL RETURNING *`,
        [accountId, passwordHash],
      );
      // Whoever knew the old password is signed out everywhere.
      if (updated) await ctx.sessions.destroyAllFor(tx, updated.id, null);
      return updated ?? null;
    });
    if (!account) {
      throw badRequest('LinkExpired', resetLinkExpiredMessage, { isExpired: true });
    }
    await throttle.forgive(username);
    return signedIn(request, reply, account);
  });

  route(app, changePasswordEndpoint, async ({ password }, request) => {
    // The spec fixes the call as { password }: proof of presence is a recent authentication instead.
    const session = requireRecentAuthentication(request);
    if (!isAcceptablePassword(password, minimumPasswordLength.change)) {
      throw badRequest('InvalidPassword', passwordRequirementsMessage, { invalidPassword: true });
    }
    const passwordHash = await hashPassword(password);
    await ctx.db.transaction(async (tx) => {
      const updated = await queryOne<AccountRow>(
        tx,
        'UPDATE accounts SET password_hash = $2 WHERE id = $1 AND deleted_at IS NULL RETURNING *',
        [session.accountId, passwordHash],
      );
      if (updated) await ctx.sessions.destroyAllFor(tx, updated.id, session.tokenHash);
      if (updated?.email) await enqueueMail(tx, passwordChangedEmail(ctx.config, ctx.origin, updated.email));
      return updated;
    });
    return { success: true, message: passwordChangedMessage };
  });
}
