import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  changePasswordEndpoint,
  magicLinkEndpoint,
  passwordResetEndpoint,
  requestMagicLinkEndpoint,
  requestPasswordResetEndpoint,
} from '#shared/api/credentials.ts';
import type { AppContext } from '../app-context.ts';
import { notFound } from '../http/errors.ts';
import { route } from '../http/routes.ts';
import type { AccountRow } from '../members/account-service.ts';
import { accountView } from '../members/account-view.ts';
import { requireRecentAuthentication, startSession } from '../sessions/session-plugin.ts';

import {
  changePassword,
  type LinkPurpose,
  queueLink,
  resetPassword,
  signInWithLink,
} from './email-link-service.ts';
import {
  type Bucket,
  linkRequestLimits,
  recentlySentMessage,
  refuseUnlessTaken,
  takeSlotAnd,
} from './rate-limits.ts';
import { signInThrottle } from './sign-in-throttle.ts';

const magicLinkSentMessage =
  'Check your email: if there is an account for that address, we have sent it a link to sign in.';
const resetSentMessage =
  'Check your email: if there is an account for that address, we have sent it a link to reset your password.';
const passwordChangedMessage = 'Your password has been changed.';

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
    link: { purpose: LinkPurpose; minutes: number; buckets: { email: Bucket; address: Bucket } },
    next?: string,
  ): Promise<void> {
    const limits = linkRequestLimits(ctx, request, email, link.buckets);
    const outcome = await takeSlotAnd(ctx.db, limits, (tx) => queueLink(ctx, tx, email, link, next));
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
    const account = await signInWithLink(ctx, token);
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
    const account = await resetPassword(ctx, { username, password, token });
    await throttle.forgive(username);
    return signedIn(request, reply, account);
  });

  route(app, changePasswordEndpoint, async ({ password }, request) => {
    // The spec fixes the call as { password }: proof of presence is a recent authentication instead.
    const session = requireRecentAuthentication(request);
    await changePassword(ctx, session, password);
    return { success: true, message: passwordChangedMessage };
  });
}
