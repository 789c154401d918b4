import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { completeSignupEndpoint, guidedSignupEndpoint, signupEndpoint } from '#shared/api/joining.ts';
import { type AccountRow, createAccount, isUniqueViolation } from '../accounts/account-service.ts';
import { accountView } from '../accounts/account-view.ts';
import { addressTakenMessage, proveEmail } from '../accounts/email-proof.ts';
import { recordMarketingConsents } from '../accounts/marketing-consents.ts';
import type { AppContext } from '../app-context.ts';
import {
  hashPassword,
  isAcceptablePassword,
  minimumPasswordLength,
  passwordRequirementsMessage,
} from '../auth/passwords.ts';
import { limitByAddress } from '../credentials/rate-limits.ts';
import { type Queryable, queryOne } from '../db/database.ts';
import { renderEmail } from '../email/layout.ts';
import { enqueueMail } from '../email/outbox.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import { route } from '../http/routes.ts';
import { startSession } from '../sessions/session-plugin.ts';
import {
  claimEmailToken,
  issueEmailToken,
  queueVerificationEmail,
} from '../verification/verification-service.ts';

export const tooManySignupsMessage =
  'We have had a lot of sign-ups from your connection. Please wait a while and try again.';
export const userAlreadyExistsMessage = 'An account with that email address already exists, please login.';
export const verificationRequiredMessage =
  'Thank you for joining. We have sent you an email: open the link in it to verify your email address and sign in.';
export const completeSignupFailedMessage =
  'We could not complete your sign-up with this link. Please check you opened the link in the newest email from us.';
export const completeSignupExpiredMessage =
  'This sign-up link has expired. Please ask in store for a new one, or contact customer services.';

const invalidPassword = () =>
  badRequest('InvalidPassword', passwordRequirementsMessage, { invalidPassword: true });
const userAlreadyExists = () => conflict('UserAlreadyExists', userAlreadyExistsMessage);

/**
 * Creates an unverified member with their consents and their first email (`welcome`: writes it to
 * the outbox) in one transaction; null when the email is taken. The email is only queued here, so a
 * mail server that is down never fails a sign-up that has already created the account.
 */
async function createMember(
  ctx: AppContext,
  input: {
    email: string;
    name: string;
    passwordHash: string | null;
    allowMarketing: boolean;
    allowMarketingWhatsApp: boolean | null | undefined;
    source: string;
  },
  welcome: (tx: Queryable, account: AccountRow & { email: string }) => Promise<void>,
): Promise<AccountRow | null> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const account = await createAccount(tx, {
        email: input.email,
        fullName: input.name,
        passwordHash: input.passwordHash,
        emailVerified: false,
      });
      await recordMarketingConsents(
        tx,
        account.id,
        {
          email: input.allowMarketing,
          whatsapp: ctx.config.enableTelephoneNumber ? input.allowMarketingWhatsApp : null,
        },
        input.source,
      );
      await welcome(tx, { ...account, email: input.email });
      return account;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

/** SPEC §2 VIP Signup: the emailed /complete-signup link that proves the address and finishes joining. */
async function queueCompleteSignupEmail(
  ctx: AppContext,
  tx: Queryable,
  account: AccountRow & { email: string },
): Promise<void> {
  const token = await issueEmailToken(ctx, tx, { id: account.id, email: account.email }, 'complete-signup');
  const url = `${ctx.origin}/complete-signup?token=${encodeURIComponent(token)}&email=${encodeURIComponent(account.email)}`;
  const { html, text } = renderEmail(ctx.config.title, {
    title: `Welcome to ${ctx.config.title}`,
    paragraphs: [
      `Dear ${account.full_name.split(/\s+/)[0] ?? account.full_name},`,
      'Thank you for joining us in store. Open the link below to confirm your email address and finish your membership.',
    ],
    action: { label: 'Complete my sign-up', url },
    footer: 'If you did not sign up, you can ignore this email.',
  });
  await enqueueMail(tx, {
    to: account.email,
    subject: `Complete your ${ctx.config.title} sign-up`,
    html,
    text,
    links: [url],
  });
  await tx.query('UPDATE accounts SET verification_sent_at = now() WHERE id = $1', [account.id]);
}

export function registerSignupRoutes(app: FastifyInstance, ctx: AppContext): void {
  // SPEC §2 Self sign-up, only when selfSignupEnabled.
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

  route(app, signupEndpoint, async (body, request, reply) => {
    if (!ctx.config.selfSignupEnabled)
      throw notFound('NotFound', 'Sign-up is not available. Members join by invitation.');
    if (request.session) throw conflict('AlreadyLoggedIn', 'You are already signed in.');
    await limitSignups(request, reply);
    const passwordMode = !ctx.config.enableMagicLinkLogins;
    let passwordHash: string | null = null;
    if (passwordMode || body.password) {
      if (!isAcceptablePassword(body.password ?? '', minimumPasswordLength.signup)) {
        throw invalidPassword();
      }
      passwordHash = await hashPassword(body.password ?? '');
    }
    const account = await createMember(
      ctx,
      {
        email: body.username,
        name: body.name,
        passwordHash,
        allowMarketing: body.allowMarketing,
        allowMarketingWhatsApp: body.allowMarketingWhatsApp,
        source: 'signup',
      },
      (tx, created) => queueVerificationEmail(ctx, tx, created),
    );
    if (!account) {
      throw userAlreadyExists();
    }
    // With a password the member is in at once (unverified: earns points, no rewards yet); without one,
    // the emailed link is their proof and their way in.
    if (!passwordHash) {
      reply.code(201);
      return { success: true, verificationRequired: true, message: verificationRequiredMessage };
    }
    await startSession(ctx, request, reply, account.id);
    const fresh =
      (await queryOne<AccountRow>(ctx.db, 'SELECT * FROM accounts WHERE id = $1', [account.id])) ?? account;
    reply.code(201);
    return {
      success: true,
      verificationRequired: false,
      account: await accountView(ctx.db, fresh, ctx.config),
      googlePay: { saveUrl: null },
    };
  });

  // SPEC §2 VIP Signup (/store/signup/:token?): in store, the customer gives their details; the
  // account is finished from the emailed /complete-signup link, which proves the address.
  route(app, guidedSignupEndpoint, async (body, request, reply) => {
    if (!ctx.config.guidedSignupEnabled) throw notFound('NotFound', 'Guided sign-up is not available.');
    await limitSignups(request, reply);
    const source = body.storeToken ? `guided-signup:${body.storeToken}` : 'guided-signup';
    const account = await createMember(
      ctx,
      {
        email: body.username,
        name: body.name,
        passwordHash: null,
        allowMarketing: body.allowMarketing,
        allowMarketingWhatsApp: body.allowMarketingWhatsApp,
        source,
      },
      (tx, created) => queueCompleteSignupEmail(ctx, tx, created),
    );
    if (!account?.email) {
      throw userAlreadyExists();
    }
    reply.code(201);
    return {
      success: true,
      emailSent: true,
      message: `Thank you. We have emailed ${account.email} a link to complete the sign-up.`,
    };
  });

  // SPEC §7 complete-signup {username, password, token}; guided completion sends a null password.
  route(app, completeSignupEndpoint, async (body, request, reply) => {
    let passwordHash: string | null = null;
    if (body.password) {
      if (!isAcceptablePassword(body.password, minimumPasswordLength.signup)) {
        throw invalidPassword();
      }
      passwordHash = await hashPassword(body.password);
    }
    const outcome = await ctx.db.transaction(async (tx) => {
      const claim = await claimEmailToken(tx, body.token.trim(), body.username, 'complete-signup');
      if (!claim.ok) return claim;
      const proof = await proveEmail(tx, claim.row.account_id, claim.row.email);
      if (!proof.ok) return proof;
      const account = await queryOne<AccountRow>(
        tx,
        'UPDATE accounts SET password_hash = COALESCE(password_hash, $2) WHERE id = $1 RETURNING *',
        [proof.account.id, passwordHash],
      );
      return account ? { ok: true as const, account } : { ok: false as const, reason: 'invalid' as const };
    });
    if (!outcome.ok) {
      if (outcome.reason === 'taken') throw conflict('UserAlreadyExists', addressTakenMessage);
      if (outcome.reason === 'expired') {
        throw badRequest('LinkExpired', completeSignupExpiredMessage, { isExpired: true });
      }
      throw outcome.reason === 'used'
        ? conflict('InviteConsumed', 'It looks like this invitation has already been used.')
        : badRequest('LinkInvalid', completeSignupFailedMessage);
    }
    await startSession(ctx, request, reply, outcome.account.id);
    return {
      success: true,
      account: await accountView(ctx.db, outcome.account, ctx.config),
      googlePay: { saveUrl: null },
    };
  });
}
