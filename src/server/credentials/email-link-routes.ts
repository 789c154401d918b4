import type { FastifyInstance } from 'fastify';
import * as api from '#shared/api/credentials.ts';
import type { AppContext } from '../app-context.ts';
import { route } from '../http/routes.ts';
import { requireRecentAuthentication } from '../sessions/session-plugin.ts';
import { signedIn } from '../signin/signed-in.ts';
import { confirmationRequired, openerOf } from '../tokens/link-browser.ts';
import {
  changePassword,
  ensureMagicLinksEnabled,
  requestLink,
  resetPassword,
  signInWithLink,
} from './email-link-service.ts';

const magicLinkSentMessage =
  'Check your email: if there is an account for that address, we have emailed a link there to sign in.';
const resetSentMessage =
  'Check your email: if there is an account for that address, we have emailed a link there to reset your password.';
const passwordChangedMessage = 'Your password has been changed.';
const passwordSetMessage = 'Your password has been set. You can now sign in with it too.';

/** Emailed sign-in links, password reset and change (the rules: email-link-service.ts). */
export function registerEmailLinkRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, api.requestMagicLinkEndpoint, async ({ email, next }, request, reply) => {
    ensureMagicLinksEnabled(ctx);
    await requestLink(ctx, request, reply, { purpose: 'magic-link', email, next });
    return { success: true, message: magicLinkSentMessage };
  });

  // Opened elsewhere than where it was asked for, the link waits for the page's button.
  route(app, api.magicLinkEndpoint, async ({ token, confirmed }, request, reply) => {
    ensureMagicLinksEnabled(ctx);
    const account = await signInWithLink(ctx, token, openerOf(ctx, request, confirmed));
    if (account === 'unconfirmed') return confirmationRequired('continue signing in');
    return signedIn(ctx, request, reply, account, { method: 'link' });
  });

  route(app, api.requestPasswordResetEndpoint, async ({ username }, request, reply) => {
    await requestLink(ctx, request, reply, { purpose: 'password-reset', email: username });
    return { success: true, message: resetSentMessage };
  });

  route(app, api.passwordResetEndpoint, async (input, request, reply) => {
    return signedIn(ctx, request, reply, await resetPassword(ctx, input));
  });

  route(app, api.changePasswordEndpoint, async ({ password }, _request, _reply, session) => {
    // The spec fixes the call as { password }: proof of presence is a recent authentication instead.
    const { first } = await changePassword(ctx, requireRecentAuthentication(session), password);
    return { success: true, message: first ? passwordSetMessage : passwordChangedMessage };
  });
}
