import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { completeSignupEndpoint, guidedSignupEndpoint, signupEndpoint } from '#shared/api/joining.ts';
import type { AppContext } from '../app-context.ts';
import { conflict, notFound } from '../http/errors.ts';
import { route } from '../http/routes.ts';
import { limitByAddress } from '../rate-limits/rate-limits.ts';
import { signedIn } from '../signin/signed-in.ts';
import { bindToThisBrowser, confirmationRequired, openerOf } from '../tokens/link-browser.ts';
import { completeSignup, guidedSignUp, signUp } from './signup-service.ts';

const tooManySignupsMessage =
  'We have had a lot of sign-ups from your connection. Please wait a while and try again.';
const verificationRequiredMessage =
  'Thank you for joining. We have sent you an email: open the link in it to verify your email address and sign in.';

export function registerSignupRoutes(app: FastifyInstance, ctx: AppContext): void {
  // Every sign-up sends an email: one address may start only so many (the link-request limits).
  const limitSignups = (request: FastifyRequest, reply: FastifyReply) =>
    limitByAddress(
      ctx.db,
      request,
      reply,
      'signup-address',
      {
        limit: ctx.config.emailLinkLimits.perAddress,
        windowMinutes: ctx.config.emailLinkLimits.windowMinutes,
      },
      tooManySignupsMessage,
    );

  // SPEC §2 Self sign-up, only when selfSignupEnabled.
  route(app, signupEndpoint, async (body, request, reply) => {
    if (!ctx.config.selfSignupEnabled)
      throw notFound('NotFound', 'Sign-up is not available. Members join by invitation.');
    if (request.session) throw conflict('AlreadyLoggedIn', 'You are already signed in.');
    await limitSignups(request, reply);
    const account = await signUp(ctx, body, bindToThisBrowser(ctx, request, reply));
    reply.code(201);
    if (!account) return { success: true, verificationRequired: true, message: verificationRequiredMessage };
    return { ...(await signedIn(ctx, request, reply, account)), verificationRequired: false };
  });

  // SPEC §2 VIP Signup (/store/signup/:token?): in store, the customer gives their details; the
  // account is finished from the emailed /complete-signup link, which proves the address.
  route(app, guidedSignupEndpoint, async (body, request, reply) => {
    if (!ctx.config.guidedSignupEnabled) throw notFound('NotFound', 'Guided sign-up is not available.');
    await limitSignups(request, reply);
    const account = await guidedSignUp(ctx, body, bindToThisBrowser(ctx, request, reply));
    reply.code(201);
    return {
      success: true,
      emailSent: true,
      message: `Thank you. We have emailed ${account.email} a link to complete the sign-up.`,
    };
  });

  // SPEC §7 complete-signup {username, password, token}; guided completion sends a null password.
  // Opened elsewhere than where it was asked for, the link waits for the page's button.
  route(app, completeSignupEndpoint, async (body, request, reply) => {
    const account = await completeSignup(ctx, body, openerOf(ctx, request, body.confirmed));
    if (account === 'unconfirmed') return confirmationRequired('complete your sign-up');
    return signedIn(ctx, request, reply, account);
  });
}
