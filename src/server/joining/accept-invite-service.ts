import type { z } from 'zod';
import type { acceptInviteEndpoint, InviteCode } from '#shared/api/joining.ts';
import { inviteMessages } from '#shared/domain/invite-codes.ts';
import { announceEmailChange, type EmailChange, requestEmailChange } from '../account/email-change.ts';
import type { AppContext } from '../app-context.ts';
import { queryOne } from '../db/database.ts';
import { badRequest, conflict, forbidden, HttpError } from '../http/errors.ts';
import {
  type AccountRow,
  createAccount,
  findAccountById,
  isUniqueViolation,
  schemeCurrency,
} from '../members/account-service.ts';
import { findAccountByProvenEmail } from '../members/email-proof.ts';
import { recordMarketingConsents } from '../members/marketing-consents.ts';
import { requestedTelephone, telephoneRequired } from '../members/telephone-rules.ts';
import { minimumPasswordLength, newPasswordHash } from '../passwords/passwords.ts';
import { loginFailedMessage } from '../signin/sign-in-messages.ts';
import { spendInvitationToken } from '../tokens/link-tokens.ts';
import {
  type InviteRow,
  inviteCodeStatus,
  inviteState,
  lookUpInvite,
  resendExpiredInvite,
} from './invite-service.ts';
import { userAlreadyExistsMessage } from './signup-service.ts';
import { queueWelcomeMail } from './welcome-email.ts';

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
      const account = await findAccountByProvenEmail(ctx.db, invite.email);
      return {
        customer: customerOf(invite),
        invitedBy: invite.invited_by,
        passwordRequired: !ctx.config.enableMagicLinkLogins && !invite.existing_customer,
        hasTelephoneNumber: ctx.config.enableTelephoneNumber && Boolean(account?.telephone_number),
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
  // Checked before anything is written: a number given here is kept with the account.
  const telephoneNumber = requestedTelephone(ctx.config, body.telephoneNumber);
  const token = body.token.trim();
  const preview = await lookUpInvite(ctx.db, token);
  const asksPassword = !ctx.config.enableMagicLinkLogins && preview.ok && !preview.invite.existing_customer;
  let passwordHash: string | null = null;
  if (asksPassword) {
    const password = body.password ?? '';
    const about = [preview.invite.full_name, preview.invite.email, body.email];
    passwordHash = await newPasswordHash(password, minimumPasswordLength.invite, about);
  }
  let outcome: AcceptOutcome;
  try {
    outcome = await acceptInvite(ctx, {
      token,
      email: body.email || undefined,
      passwordHash,
      allowMarketing: body.allowMarketing,
      allowMarketingWhatsApp: body.allowMarketingWhatsApp ?? null,
      telephoneNumber: telephoneNumber ?? null,
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

type AcceptOutcome =
  | { ok: true; account: AccountRow; emailChange: EmailChange | null }
  | { ok: false; code: InviteCode | 'UserAlreadyExists'; invite?: InviteRow };

/**
 * Accepts an invitation in ONE transaction: locks the invite, checks it, creates the account (or
 * attaches to the account that proved the invited address), records both consents with their source,
 * and marks the invite consumed. A double submit waits on the lock and then finds the invite consumed.
 *
 * Opening the invitation proves the invited address, so that is the account's email. Another address
 * typed by a new customer is only asked for, exactly as an email change: it becomes the account's
 * once the link sent to it is opened (docs/decisions/0013-email-belongs-to-an-account-once.md).
 */
async function acceptInvite(
  ctx: AppContext,
  input: {
    token: string;
    email: string | undefined;
    passwordHash: string | null;
    allowMarketing: boolean;
    allowMarketingWhatsApp: boolean | null;
    /** A number given at joining (checked and in its kept form), or null. */
    telephoneNumber: string | null;
    /** The browser accepting: another address's link opens there at once (link-browser.ts). */
    browserHash: string;
  },
): Promise<AcceptOutcome> {
  return ctx.db.transaction(async (tx): Promise<AcceptOutcome> => {
    const found = await lookUpInvite(tx, input.token, true);
    if (!found.ok) return found;
    const invite = found.invite;
    const state = inviteState(invite);
    if (state === 'consumed') return { ok: false, code: 'InviteConsumed' };
    if (state === 'stale') return { ok: false, code: 'LinkStale' };
    if (state === 'expired') return { ok: false, code: 'LinkExpired', invite };

    // Existing customers keep the invited email; a new customer may ask for another one.
    const wanted = !invite.existing_customer && input.email !== invite.email ? input.email : undefined;
    if (wanted && (await findAccountByProvenEmail(tx, wanted)))
      return { ok: false, code: 'UserAlreadyExists' };
    const account =
      (await findAccountByProvenEmail(tx, invite.email)) ??
      (await createAccount(tx, {
        email: invite.email,
        fullName: invite.full_name,
        passwordHash: invite.existing_customer ? null : input.passwordHash,
        emailVerified: true,
        currency: schemeCurrency(ctx.config),
      }));
    // WhatsApp is asked about only where it is offered (SPEC §4) and needs a number to go to: the
    // one given now, or the one the customer's account already has. Refused before anything is kept.
    const number = input.telephoneNumber ?? account.telephone_number;
    const whatsapp = ctx.config.enableTelephoneNumber ? input.allowMarketingWhatsApp : null;
    if (whatsapp === true && number === null) throw telephoneRequired();
    if (ctx.config.enableTelephoneNumber && number !== null && whatsapp === null) {
      const problem = 'Choose whether you would like to hear from us on WhatsApp';
      throw badRequest('InvalidRequest', `Invalid request: allowMarketingWhatsApp: ${problem}`, {
        fieldErrors: { allowMarketingWhatsApp: problem },
      });
    }
    if (input.telephoneNumber !== null && input.telephoneNumber !== account.telephone_number) {
      await tx.query('UPDATE accounts SET telephone_number = $2 WHERE id = $1', [
        account.id,
        input.telephoneNumber,
      ]);
    }
    // Checked above; someone proving it meanwhile only gets the note, and the link proves nothing.
    const emailChange = wanted ? await requestEmailChange(tx, account, wanted) : null;
    await recordMarketingConsents(
      tx,
      account.id,
      {
        email: input.allowMarketing,
        whatsapp,
      },
      'invite',
    );
    await tx.query('UPDATE invites SET consumed_at = now(), account_id = $2 WHERE id = $1', [
      invite.id,
      account.id,
    ]);
    // The stylist who sent it becomes the member's personal shopper (unless a manager chose one
    // already), when they are still an active stylist.
    await tx.query(
      `UPDATE accounts a SET personal_shopper_id = m.id FROM staff_members m
        WHERE a.id = $1 AND a.personal_shopper_id IS NULL AND m.id = $2
          AND m.is_stylist AND m.deactivated_at IS NULL`,
      [account.id, invite.invited_by_staff_id],
    );
    await spendInvitationToken(tx, invite.id);
    const fresh = await queryOne<AccountRow>(tx, 'SELECT * FROM accounts WHERE id = $1', [account.id]);
    // Another address than the invited one goes the way of an email change: its link goes with the account.
    if (emailChange && fresh) await announceEmailChange(ctx, tx, fresh, emailChange, input.browserHash);
    // Joined: the welcome with the card goes to the invited address, which opening the link proved.
    if (fresh) await queueWelcomeMail(ctx, tx, fresh);
    return { ok: true, account: fresh ?? account, emailChange };
  });
}
