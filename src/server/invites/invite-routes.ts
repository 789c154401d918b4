import type { FastifyInstance } from 'fastify';
import {
  acceptInviteEndpoint,
  acceptInviteStatusEndpoint,
  createInviteRequest,
  createInviteResponse,
  type InviteCode,
} from '#shared/api/joining.ts';
import { confirmNewEmailMessage } from '../account/account-routes.ts';
import { isUniqueViolation } from '../accounts/account-service.ts';
import { accountView } from '../accounts/account-view.ts';
import type { AppContext } from '../app-context.ts';
import { loginFailedMessage } from '../auth/auth-routes.ts';
import {
  hashPassword,
  isAcceptablePassword,
  minimumPasswordLength,
  passwordRequirementsMessage,
} from '../auth/passwords.ts';
import { badRequest, conflict, forbidden, HttpError } from '../http/errors.ts';
import { parseOrThrow, route } from '../http/routes.ts';
import { startSession } from '../sessions/session-plugin.ts';
import { userAlreadyExistsMessage } from '../signup/signup-routes.ts';
import {
  acceptInvite,
  createInvite,
  type InviteRow,
  inviteCodeStatus,
  inviteMessages,
  inviteState,
  lookUpInvite,
  resendExpiredInvite,
} from './invite-service.ts';

export const alreadySignedInMessage = 'You are already signed in. Sign out first to accept this invitation.';

function failure(code: InviteCode, expired?: InviteRow): HttpError {
  const isExpired = code === 'LinkResent' || code === 'LinkExpired';
  return new HttpError(inviteCodeStatus[code], code, inviteMessages[code], {
    // An expired link keeps the form on screen, locked (SPEC §4), so it still shows whose invite it is.
    ...(isExpired ? { isExpired: true } : {}),
    ...(isExpired && expired
      ? {
          customer: {
            fullName: expired.full_name,
            email: expired.email,
            existingCustomer: expired.existing_customer,
          },
          invitedBy: expired.invited_by,
        }
      : {}),
  });
}

export function registerInviteRoutes(app: FastifyInstance, ctx: AppContext): void {
  // SPEC §7 accept-invite-status: the invite details, or the §8 code of why it cannot be accepted.
  route(app, acceptInviteStatusEndpoint, async ({ token }) => {
    let code: InviteCode;
    let expired: InviteRow | undefined;
    try {
      const found = await lookUpInvite(ctx.db, token.trim());
      if (found.ok) {
        const state = inviteState(found.invite);
        if (state === 'valid') {
          const invite = found.invite;
          return {
            success: true,
            customer: {
              fullName: invite.full_name,
              email: invite.email,
              existingCustomer: invite.existing_customer,
            },
            invitedBy: invite.invited_by,
            passwordRequired: !ctx.config.enableMagicLinkLogins && !invite.existing_customer,
          };
        }
        code =
          state === 'consumed'
            ? 'InviteConsumed'
            : state === 'stale'
              ? 'LinkStale'
              : await resendExpiredInvite(ctx, found.invite);
        if (state === 'expired') expired = found.invite;
      } else {
        code = found.code;
      }
    } catch (error) {
      ctx.log.error({ err: error }, 'invite status failed');
      code = 'ServiceError';
    }
    return failure(code, expired);
  });

  // SPEC §7 accept-invite: creates or attaches the account, records consents, signs in; one transaction.
  route(app, acceptInviteEndpoint, async (body, request, reply) => {
    if (request.session) {
      throw conflict('AlreadyLoggedIn', alreadySignedInMessage);
    }
    const telephone = ctx.config.enableTelephoneNumber;
    if (telephone && typeof body.allowMarketingWhatsApp !== 'boolean') {
      throw badRequest(
        'InvalidRequest',
        'Invalid request: allowMarketingWhatsApp: Choose whether you would like to hear from us on WhatsApp',
        {
          fieldErrors: {
            allowMarketingWhatsApp: 'Choose whether you would like to hear from us on WhatsApp',
          },
        },
      );
    }
    // The password is asked only of a new customer in password mode (SPEC §2, §5: at least 6).
    const preview = await lookUpInvite(ctx.db, body.token.trim());
    const passwordMode = !ctx.config.enableMagicLinkLogins;
    const asksPassword = passwordMode && preview.ok && !preview.invite.existing_customer;
    let passwordHash: string | null = null;
    if (asksPassword) {
      const password = body.password ?? '';
      if (!isAcceptablePassword(password, minimumPasswordLength.invite)) {
        throw badRequest('InvalidPassword', passwordRequirementsMessage, { invalidPassword: true });
      }
      passwordHash = await hashPassword(password);
    }
    let outcome: Awaited<ReturnType<typeof acceptInvite>>;
    try {
      outcome = await acceptInvite(ctx, {
        token: body.token.trim(),
        email: body.email || undefined,
        passwordHash,
        allowMarketing: body.allowMarketing,
        allowMarketingWhatsApp: body.allowMarketingWhatsApp ?? null,
      });
    } catch (error) {
      if (isUniqueViolation(error)) outcome = { ok: false, code: 'UserAlreadyExists' };
      else throw error;
    }
    if (!outcome.ok) {
      if (outcome.code === 'UserAlreadyExists') {
        throw conflict('UserAlreadyExists', userAlreadyExistsMessage);
      }
      const code =
        outcome.code === 'LinkExpired' && outcome.invite
          ? await resendExpiredInvite(ctx, outcome.invite)
          : outcome.code;
      return failure(code, outcome.invite);
    }
    if (!outcome.account.can_sign_in) {
      // Staff have blocked this account from signing in: the consents stand, but no session.
      throw forbidden('SignInNotAllowed', loginFailedMessage);
    }
    await startSession(ctx, request, reply, outcome.account.id);
    const fresh = await ctx.db.query<typeof outcome.account>('SELECT * FROM accounts WHERE id = $1', [
      outcome.account.id,
    ]);
    return {
      success: true,
      ...(outcome.emailChange ? { message: confirmNewEmailMessage(outcome.emailChange.to) } : {}),
      account: await accountView(ctx.db, fresh[0] ?? outcome.account, ctx.config),
      googlePay: { saveUrl: null },
    };
  });
}

/** POST /partner/v1/invites: staff invite someone; the invitation is emailed and its URL returned. */
export function registerInvitePartnerRoutes(partner: FastifyInstance, ctx: AppContext): void {
  partner.post('/invites', async (request, reply) => {
    const input = parseOrThrow(createInviteRequest, request.body);
    const { invite, acceptUrl } = await createInvite(ctx, input);
    reply.code(201);
    return createInviteResponse.parse({
      success: true,
      invite: {
        id: invite.id,
        email: invite.email,
        fullName: invite.full_name,
        invitedBy: invite.invited_by,
        existingCustomer: invite.existing_customer,
        expiresAt: invite.expires_at.toISOString(),
        acceptUrl,
      },
    });
  });
}
