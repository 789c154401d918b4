import type { z } from 'zod';
import type { guidedSignupEndpoint, signupEndpoint } from '#shared/api/joining.ts';
import type { AppContext } from '../app-context.ts';
import { type Queryable, queryOne } from '../db/database.ts';
import { badRequest, conflict } from '../http/errors.ts';
import {
  type AccountRow,
  createAccount,
  findAccountById,
  isUniqueViolation,
  schemeCurrency,
} from '../members/account-service.ts';
import { addressTakenMessage, proveEmail } from '../members/email-proof.ts';
import { recordMarketingConsents } from '../members/marketing-consents.ts';
import { requestedTelephone, telephoneRequired } from '../members/telephone-rules.ts';
import { queueVerificationEmail } from '../members/verification-email.ts';
import { minimumPasswordLength, newPasswordHash } from '../passwords/passwords.ts';
import type { Opener } from '../tokens/link-browser.ts';
import { claimLinkToken } from '../tokens/link-tokens.ts';
import { queueCompleteSignupEmail } from './verification-service.ts';
import { queueWelcomeMail } from './welcome-email.ts';

export const userAlreadyExistsMessage = 'An account with that email address already exists, please login.';
const completeSignupFailedMessage =
  'We could not complete your sign-up with this link. Please check you opened the link in the newest email from us.';
const completeSignupExpiredMessage =
  'This sign-up link has expired. Please ask in store for a new one, or contact customer services.';

const userAlreadyExists = () => conflict('UserAlreadyExists', userAlreadyExistsMessage);

/** The hash of a sign-up password that meets SPEC §5's rules (`about`: the member's name and email). */
function signupPasswordHash(password: string, about: readonly string[]): Promise<string> {
  return newPasswordHash(password, minimumPasswordLength.signup, about);
}

interface NewMember {
  email: string;
  name: string;
  passwordHash: string | null;
  allowMarketing: boolean;
  allowMarketingWhatsApp: boolean | null | undefined;
  /** As typed; checked here in the scheme's country's format. */
  telephoneNumber: string | null | undefined;
  source: string;
}

/**
 * Creates an unverified member with their consents and their first email (`welcome`: writes it to
 * the outbox) in one transaction; a 409 when the email is taken. The email is only queued here, so a
 * mail server that is down never fails a sign-up that has already created the account.
 */
async function createMember(
  ctx: AppContext,
  input: NewMember,
  welcome: (tx: Queryable, account: AccountRow & { email: string }) => Promise<void>,
): Promise<AccountRow & { email: string }> {
  // WhatsApp is asked about only where it is offered (SPEC §4), and needs a number to go to.
  const telephoneNumber = requestedTelephone(ctx.config, input.telephoneNumber) ?? null;
  const whatsapp = ctx.config.enableTelephoneNumber ? (input.allowMarketingWhatsApp ?? null) : null;
  if (whatsapp === true && telephoneNumber === null) throw telephoneRequired();
  try {
    return await ctx.db.transaction(async (tx) => {
      const account = await createAccount(tx, {
        email: input.email,
        fullName: input.name,
        passwordHash: input.passwordHash,
        emailVerified: false,
        telephoneNumber,
        currency: schemeCurrency(ctx.config),
      });
      await recordMarketingConsents(
        tx,
        account.id,
        {
          email: input.allowMarketing,
          whatsapp,
        },
        input.source,
      );
      const created = { ...account, email: input.email };
      await welcome(tx, created);
      return created;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw userAlreadyExists();
    throw error;
  }
}

/**
 * SPEC §2 Self sign-up. With a password the member is in at once (unverified: earns points, no
 * rewards yet) and the fresh account is answered; without one, the emailed link is their proof and
 * their way in, and null is answered.
 */
export async function signUp(
  ctx: AppContext,
  body: z.output<typeof signupEndpoint.request>,
  browserHash: string,
): Promise<AccountRow | null> {
  const passwordMode = !ctx.config.enableMagicLinkLogins;
  const passwordHash =
    passwordMode || body.password
      ? await signupPasswordHash(body.password ?? '', [body.name, body.username])
      : null;
  const account = await createMember(
    ctx,
    {
      email: body.username,
      name: body.name,
      passwordHash,
      allowMarketing: body.allowMarketing,
      allowMarketingWhatsApp: body.allowMarketingWhatsApp,
      telephoneNumber: body.telephoneNumber,
      source: 'signup',
    },
    (tx, created) => queueVerificationEmail(ctx, tx, created, browserHash),
  );
  if (!passwordHash) return null;
  return (await findAccountById(ctx.db, account.id)) ?? account;
}

/** SPEC §2 VIP Signup: the member is created in store; the emailed link finishes joining. */
export function guidedSignUp(
  ctx: AppContext,
  body: z.output<typeof guidedSignupEndpoint.request>,
  browserHash: string,
): Promise<AccountRow & { email: string }> {
  return createMember(
    ctx,
    {
      email: body.username,
      name: body.name,
      passwordHash: null,
      allowMarketing: body.allowMarketing,
      allowMarketingWhatsApp: body.allowMarketingWhatsApp,
      telephoneNumber: body.telephoneNumber,
      source: body.storeToken ? `guided-signup:${body.storeToken}` : 'guided-signup',
    },
    (tx, created) => queueCompleteSignupEmail(ctx, tx, created, browserHash),
  );
}

/**
 * SPEC §7 complete-signup: proves the address by its link and sets the password, if one is given.
 * 'unconfirmed' when opened elsewhere than where it was asked for, until the member's click.
 */
export async function completeSignup(
  ctx: AppContext,
  input: { username: string; password?: string | null | undefined; token: string },
  opener: Opener,
): Promise<AccountRow | 'unconfirmed'> {
  const passwordHash = input.password ? await signupPasswordHash(input.password, [input.username]) : null;
  const outcome = await ctx.db.transaction(async (tx) => {
    const claim = await claimLinkToken(tx, input.token.trim(), input.username, 'complete-signup', opener);
    if (!claim.ok) return claim;
    const proof = await proveEmail(tx, claim.row.account_id, claim.row.email);
    if (!proof.ok) return proof;
    const account = await queryOne<AccountRow>(
      tx,
      'UPDATE accounts SET password_hash = COALESCE(password_hash, $2) WHERE id = $1 RETURNING *',
      [proof.account.id, passwordHash],
    );
    if (!account) return { ok: false as const, reason: 'invalid' as const };
    // Joining is complete (the link proved the address): the welcome with the card.
    await queueWelcomeMail(ctx, tx, account);
    return { ok: true as const, account };
  });
  if (outcome.ok) return outcome.account;
  if (outcome.reason === 'unconfirmed') return outcome.reason;
  if (outcome.reason === 'taken') throw conflict('UserAlreadyExists', addressTakenMessage);
  if (outcome.reason === 'expired') {
    throw badRequest('LinkExpired', completeSignupExpiredMessage, { isExpired: true });
  }
  throw outcome.reason === 'used'
    ? conflict('InviteConsumed', 'It looks like this invitation has already been used.')
    : badRequest('LinkInvalid', completeSignupFailedMessage);
}
