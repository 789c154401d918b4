import type { z } from 'zod';
import type { acceptInviteEndpoint, InviteCode } from '#shared/api/joining.ts';
import { inviteMessages } from '#shared/domain/invite-codes.ts';
import type { AppContext } from '../app-context.ts';
import { badRequest, conflict, forbidden, HttpError } from '../http/errors.ts';
import { type AccountRow, findAccountById, isUniqueViolation } from '../members/account-service.ts';
import {
  hashPassword,
  isAcceptablePassword,
  minimumPasswordLength,
  passwordRequirementsMessage,
} from '../signin/passwords.ts';
import { loginFailedMessage } from '../signin/sign-in-messages.ts';
import {
  type AcceptOutcome,
  acceptInvite,
  type InviteRow,
  inviteCodeStatus,
  inviteState,
  lookUpInvite,
  resendExpiredInvite,
} from './invite-service.ts';
import { userAlreadyExistsMessage } from './signup-service.ts';

function customerOf(invite: InviteRow) {
  return { fullName: invite.full_name, email: invite.email, existingCustomer: invite.existing_customer };
}

/** The §8 failure of an invitation; an expired one still says whose it is (SPEC §4: the form stays, locked). */
function failure(code: InviteCode, expired?: InviteRow): HttpError {
  const isExpired = code === 'LinkResent' || code === 'LinkExpired';
  return new HttpError(inviteCodeStatus[code], code, inviteMessages[code], {
    ...(isExpired ? { isExpired: true } : {}),
    ...(isExpired && expired ? { customer: customerOf(expired), invitedBy: expired.invited_by } : {}),
  });
}

/** SPEC §7 accept-invite-status: the invite details, or the §8 code of why it cannot be accepted. */
export async function inviteStatus(ctx: AppContext, token: string) {
  let code: InviteCode;
  let expired: InviteRow | undefined;
  try {
    const found = await lookUpInvite(ctx.db, token.trim());
    if (!found.ok) throw failure(found.code);
    const invite = found.invite;
    const state = inviteState(invite);
    if (state === 'valid') {
      return {
        customer: customerOf(invite),
        invitedBy: invite.invited_by,
        passwordRequired: !ctx.config.enableMagicLinkLogins && !invite.existing_customer,
      };
    }
    code =
      state === 'consumed'
        ? 'InviteConsumed'
        : state === 'stale'
          ? 'LinkStale'
          : await resendExpiredInvite(ctx, invite);
    if (state === 'expired') expired = invite;
  } catch (error) {
    if (error instanceof HttpError) throw error;
    ctx.log.error({ err: error }, 'invite status failed');
    code = 'ServiceError';
  }
  throw failure(code, expired);
}

/**
 * SPEC §7 accept-invite: creates or attaches the account and records consents in one transaction
 * (invite-service.ts). The password is asked only of a new customer in password mode (SPEC §2, §5).
 */
export async function acceptInvitation(
  ctx: AppContext,
  body: z.output<typeof acceptInviteEndpoint.request>,
  browserHash: string,
): Promise<Extract<AcceptOutcome, { ok: true }>> {
  if (ctx.config.enableTelephoneNumber && typeof body.allowMarketingWhatsApp !== 'boolean') {
    const problem = 'Choose whether you would like to hear from us on WhatsApp';
    throw badRequest('InvalidRequest', `Invalid request: allowMarketingWhatsApp: ${problem}`, {
      fieldErrors: { allowMarketingWhatsApp: problem },
    });
  }
  const token = body.token.trim();
  const preview = await lookUpInvite(ctx.db, token);
  const asksPassword = !ctx.config.enableMagicLinkLogins && preview.ok && !preview.invite.existing_customer;
  let passwordHash: string | null = null;
  if (asksPassword) {
    const password = body.password ?? '';
    const about = [preview.invite.full_name, preview.invite.email, body.email];
    if (!isAcceptablePassword(password, minimumPasswordLength.invite, about)) {
      throw badRequest('InvalidPassword', passwordRequirementsMessage, { invalidPassword: true });
    }
    passwordHash = await hashPassword(password);
  }
  let outcome: AcceptOutcome;
  try {
    outcome = await acceptInvite(ctx, {
      token,
      email: body.email || undefined,
      passwordHash,
      allowMarketing: body.allowMarketing,
      allowMarketingWhatsApp: body.allowMarketingWhatsApp ?? null,
      browserHash,
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    outcome = { ok: false, code: 'UserAlreadyExists' };
  }
  if (!outcome.ok) {
    if (outcome.code === 'UserAlreadyExists') throw conflict('UserAlreadyExists', userAlreadyExistsMessage);
    const code =
      outcome.code === 'LinkExpired' && outcome.invite
        ? await resendExpiredInvite(ctx, outcome.invite)
        : outcome.code;
    throw failure(code, outcome.invite);
  }
  // Staff have blocked this account from signing in: the consents stand, but no session.
  if (!outcome.account.can_sign_in) throw forbidden('SignInNotAllowed', loginFailedMessage);
  return outcome;
}

/** The account as it is after the session started (its row, re-read). */
export async function freshAccount(ctx: AppContext, account: AccountRow): Promise<AccountRow> {
  return (await findAccountById(ctx.db, account.id)) ?? account;
}
