import type { Config } from '#shared/config.ts';
import { type Queryable, queryOne } from '../db/database.ts';
import { badRequest, forbidden, notFound } from '../http/errors.ts';
import type { AccountRow } from '../members/account-service.ts';
import { findAccountById } from '../members/account-service.ts';
import { recordMarketingConsents } from '../members/marketing-consents.ts';
import { requestedTelephone, telephoneRequired } from '../members/telephone-rules.ts';
import { recentAuthenticationRefusal } from '../sessions/session-plugin.ts';
import { type EmailChange, limitEmailChange, requestEmailChange } from './email-change.ts';

type Choice = 'consent' | 'decline' | 'unknown';

export interface AccountChanges {
  name?: string | undefined;
  email?: string | undefined;
  currency?: string | undefined;
  marketingConsent?: Choice | undefined;
  marketingConsentWhatsApp?: Choice | undefined;
  /** Empty or null removes the number. */
  telephoneNumber?: string | null | undefined;
}

export interface UpdateResult {
  account: AccountRow;
  changed: boolean;
  emailChanged: EmailChange | null;
}

const creditAccountMessage =
  "Your details can't be changed online for this type of account. Please contact customer services.";
const profileLockedMessage =
  "Your name and email address can't be changed here. Please contact customer services to change them.";
const currencyNotAllowedMessage = "That currency isn't available for your membership.";
const consentUnknownMessage = 'Choose yes or no for marketing messages.';

/** The current choice per channel: the latest row of the append-only history, or unknown. */
async function currentConsents(
  db: Queryable,
  accountId: string,
): Promise<{ email: Choice; whatsapp: Choice }> {
  const row = await queryOne<{ email: string | null; whatsapp: string | null }>(
    db,
    `SELECT
       (SELECT choice FROM marketing_consents WHERE account_id = $1 AND channel = 'email'
         ORDER BY recorded_at DESC, id DESC LIMIT 1) AS email,
       (SELECT choice FROM marketing_consents WHERE account_id = $1 AND channel = 'whatsapp'
         ORDER BY recorded_at DESC, id DESC LIMIT 1) AS whatsapp`,
    [accountId],
  );
  const asChoice = (value: string | null | undefined): Choice =>
    value === 'consent' || value === 'decline' ? value : 'unknown';
  return { email: asChoice(row?.email), whatsapp: asChoice(row?.whatsapp) };
}

/**
 * SPEC §4 Profile update, §5 Edit details, §6: applies a member's own changes in one transaction.
 * Name and email only when self profile update is on; currency only among the allowed ones (and not
 * at all when the choice is locked); consents move only to yes or no (never back to unknown), each
 * change appended to the history with its time and source. A new email must be proven before it is
 * the account's (see email-change.ts), asking for one needs a recently authenticated session, and is
 * limited per member and per address (answered alike whether or not the address is a member's).
 */
export async function updateAccount(
  tx: Queryable,
  config: Config,
  accountId: string,
  changes: AccountChanges,
  session: { recentlyAuthenticated: boolean },
  reply: Parameters<typeof limitEmailChange>[1],
): Promise<UpdateResult> {
  const account = await queryOne<AccountRow>(
    tx,
    'SELECT * FROM accounts WHERE id = $1 AND deleted_at IS NULL FOR UPDATE',
    [accountId],
  );
  if (!account) throw notFound('LOGIN_REQUIRED', 'To access your account details, you first need to sign in');
  if (account.is_credit) throw forbidden('CreditAccount', creditAccountMessage);

  const name = changes.name !== undefined && changes.name !== account.full_name ? changes.name : null;
  // The address already asked for is no change either: the link to prove it is on its way.
  const email =
    changes.email !== undefined && changes.email !== account.email && changes.email !== account.pending_email
      ? changes.email
      : null;
  if ((name !== null || email !== null) && !config.selfProfileUpdateEnabled) {
    throw forbidden('ProfileUpdateDisabled', profileLockedMessage);
  }
  // The email address is where password resets and sign-in links go: changing it is a takeover
  // unless the member recently proved who they are (ASVS 6.2.3).
  if (email !== null && !session.recentlyAuthenticated) throw recentAuthenticationRefusal();

  const currency =
    changes.currency !== undefined && changes.currency !== account.currency ? changes.currency : null;
  if (currency !== null) {
    const allowed = config.allowedCurrencies;
    // SPEC §5: the choice is locked when only one currency is allowed or the current one is not listed.
    const locked = allowed.length < 2 || !allowed.includes(account.currency);
    if (locked || !allowed.includes(currency)) {
      throw badRequest('CurrencyNotAllowed', currencyNotAllowedMessage, {
        fieldErrors: { currency: currencyNotAllowedMessage },
      });
    }
  }

  const requested = requestedTelephone(config, changes.telephoneNumber);
  const telephone = requested !== undefined && requested !== account.telephone_number ? requested : undefined;

  const consents = await currentConsents(tx, accountId);
  const consentChanges: { channel: 'email' | 'whatsapp'; choice: 'consent' | 'decline' }[] = [];
  const consider = (channel: 'email' | 'whatsapp', wanted: Choice | undefined, field: string) => {
    if (wanted === undefined || wanted === consents[channel]) return;
    // SPEC §4: once answered, a channel is yes or no; it never returns to unknown.
    if (wanted === 'unknown')
      throw badRequest('ConsentUnknown', consentUnknownMessage, {
        fieldErrors: { [field]: consentUnknownMessage },
      });
    consentChanges.push({ channel, choice: wanted });
  };
  consider('email', changes.marketingConsent, 'marketingConsent');
  // WhatsApp is offered only when telephone numbers are enabled (SPEC §4).
  if (config.enableTelephoneNumber)
    consider('whatsapp', changes.marketingConsentWhatsApp, 'marketingConsentWhatsApp');

  // WhatsApp messages need a number to go to: asking for them without one, or removing the number
  // while they are on, is refused before anything is written. (A consent given before numbers were
  // asked for is left as it is until the member touches either.)
  const numberAfter = telephone !== undefined ? telephone : account.telephone_number;
  const whatsappAfter =
    consentChanges.find((change) => change.channel === 'whatsapp')?.choice ?? consents.whatsapp;
  const askingForWhatsApp = consentChanges.some((c) => c.channel === 'whatsapp' && c.choice === 'consent');
  if (
    config.enableTelephoneNumber &&
    numberAfter === null &&
    whatsappAfter === 'consent' &&
    (askingForWhatsApp || telephone === null)
  ) {
    throw telephoneRequired();
  }

  let emailChanged: EmailChange | null = null;
  if (email !== null) {
    await limitEmailChange(tx, reply, accountId, email);
    emailChanged = await requestEmailChange(tx, account, email);
  }
  if (telephone !== undefined) {
    await tx.query('UPDATE accounts SET telephone_number = $2 WHERE id = $1', [accountId, telephone]);
  }
  if (name !== null || currency !== null) {
    await tx.query(
      'UPDATE accounts SET full_name = COALESCE($2, full_name), currency = COALESCE($3, currency) WHERE id = $1',
      [accountId, name, currency],
    );
  }
  for (const change of consentChanges) {
    await recordMarketingConsents(
      tx,
      accountId,
      { [change.channel]: change.choice === 'consent' },
      'edit-details',
    );
  }
  const updated = await findAccountById(tx, accountId);
  if (!updated) throw notFound('LOGIN_REQUIRED', 'To access your account details, you first need to sign in');
  return {
    account: updated,
    changed:
      name !== null ||
      email !== null ||
      currency !== null ||
      telephone !== undefined ||
      consentChanges.length > 0,
    emailChanged,
  };
}
