import type { Account } from '#shared/api/common.ts';
import { type ConsentChoice, consentUnanswered, type MarketingConsentValue } from '#shared/domain/consent.ts';
import { normaliseTelephone } from '#shared/domain/telephone.ts';
import type { Failure } from '../api.ts';
import { useConfig } from '../config-context.tsx';
import { MarketingConsentField } from '../consent/marketing-consent-field.tsx';
import { gaveUp, useRecentAuthentication } from '../credentials/confirm-identity.tsx';
import { useFailureText } from '../i18n/failure-text.ts';
import { useMessages } from '../i18n/messages.tsx';
import { Navigate } from '../routing/links.tsx';
import { useNavigate } from '../routing/router.tsx';
import { useSession } from '../session/session-context.tsx';
import { Alert, formStyles } from '../ui/alert.tsx';
import { Button, ButtonLink } from '../ui/button.tsx';
import { ContactBlock } from '../ui/contact-block.tsx';
import { EmailField, SelectField, TextField } from '../ui/form.tsx';
import { Page } from '../ui/page.tsx';
import { usePageTitle } from '../ui/page-title.tsx';
import { type Outcome, useForm } from '../ui/use-form.ts';
import styles from './account.module.css';
import { accountApi } from './api.ts';
import { currencyName } from './currency-name.ts';

/**
 * SPEC §2 /help/account-details, §5 Edit details: name and email editable only with self profile
 * update; the currency among the allowed ones; the consent control of joining. Success goes to /
 * with a modal message; no changes go back to /help/account; credit accounts are sent to /.
 * With telephone numbers on, the member gives, changes or removes their number (checked in the
 * scheme's country's format), and WhatsApp is offered only while there is one: messages need a
 * number to go to (the server refuses WhatsApp without one).
 */
export default function EditDetailsScreen() {
  const { state } = useSession();
  // An update can end the session (canSignIn false) while this screen is still on its way out.
  if (state.status !== 'authenticated') return null;
  if (state.account.isCredit) return <Navigate to="/" replace />;
  return <EditDetailsForm account={state.account} />;
}

function EditDetailsForm({ account }: { account: Account }) {
  const m = useMessages();
  const e = m.account.edit;
  const config = useConfig();
  const { accountUpdated } = useSession();
  const navigate = useNavigate();
  usePageTitle(m.pageTitles.editDetails);
  const telephoneEnabled = config.enableTelephoneNumber;
  const profileEditable = config.selfProfileUpdateEnabled;
  const allowed = account.membership.type.allowedCurrencies;
  // SPEC §5: locked when only one currency is allowed or the current one is not in the list.
  const currencyLocked = allowed.length < 2 || !allowed.includes(account.currency);
  const currencies = allowed.includes(account.currency) ? allowed : [account.currency, ...allowed];
  const { guarded, confirmStep } = useRecentAuthentication();
  const failureText = useFailureText();

  const form = useForm({
    initial: {
      name: account.fullName,
      email: account.email,
      currency: account.currency,
      marketingConsent: account.membership.marketingConsent,
      marketingConsentWhatsApp: account.membership.marketingConsentWhatsApp,
      telephoneNumber: account.telephoneNumber ?? '',
    },
    normalise: { email: (value) => value.toLowerCase() },
    validate: (values) => ({
      name: !values.name.trim() && e.nameRequired,
      email: !values.email.trim() && e.emailRequired,
      telephoneNumber:
        telephoneEnabled &&
        values.telephoneNumber.trim() !== '' &&
        normaliseTelephone(values.telephoneNumber, config.locale) === null &&
        e.telephoneInvalid,
      marketingConsent: consentUnanswered(consentOf(values), whatsAppOffered(values)),
    }),
    // SPEC §5: blank fields are flagged and focus moves to the email field.
    focus: (problems) => (problems.name || problems.email ? 'email' : undefined),
  });
  const consent = consentOf(form.values);
  /** WhatsApp is a choice only with a number to send the messages to. */
  function whatsAppOffered(values: { telephoneNumber: string }): boolean {
    return telephoneEnabled && values.telephoneNumber.trim() !== '';
  }

  /** The server's refusal: its field problems and message, in this screen's words. */
  function refused(failure: Failure): Outcome<typeof form.values> {
    const words = failure.code === 'InvalidRequest' ? e.fixErrors : failureText(failure);
    const problems = Object.fromEntries(
      Object.keys(failure.fieldErrors).map((field) => [
        field,
        failure.code !== 'InvalidRequest'
          ? words
          : field === 'email'
            ? m.signIn.emailInvalid
            : field === 'telephoneNumber'
              ? e.telephoneInvalid
              : words,
      ]),
    );
    return { message: failureText(failure, { Unknown: e.updateFailed }), problems };
  }

  const submit = form.onSubmit(async (values) => {
    const telephoneNumber = whatsAppOffered(values)
      ? normaliseTelephone(values.telephoneNumber, config.locale)
      : null;
    // Removing the number ends WhatsApp messages with it; with no number, WhatsApp is not asked about.
    const removingWhatsApp =
      telephoneNumber === null &&
      account.telephoneNumber !== null &&
      account.membership.marketingConsentWhatsApp === 'consent';
    const marketingConsentWhatsApp = whatsAppOffered(values)
      ? consent.whatsapp
      : removingWhatsApp
        ? ('decline' as const)
        : undefined;
    const next = {
      name: values.name.trim(),
      email: values.email.trim().toLowerCase(),
      currency: values.currency,
      marketingConsent: consent.email,
      ...(marketingConsentWhatsApp ? { marketingConsentWhatsApp } : {}),
      ...(telephoneEnabled ? { telephoneNumber } : {}),
    };
    const unchanged =
      next.name === account.fullName &&
      next.email === account.email.toLowerCase() &&
      next.currency === account.currency &&
      next.marketingConsent === account.membership.marketingConsent &&
      (!telephoneEnabled ||
        (telephoneNumber === account.telephoneNumber &&
          (marketingConsentWhatsApp === undefined ||
            marketingConsentWhatsApp === account.membership.marketingConsentWhatsApp)));
    // SPEC §4: an update with no changes just goes back to /help/account.
    if (unchanged) {
      await navigate('/help/account');
      return undefined;
    }
    // A new email address needs a recent sign-in: the member may be asked to confirm who they are.
    const answer = await guarded(() => accountApi.update(next));
    if (answer === gaveUp) return undefined;
    if (!answer.ok) return refused(answer);
    const pendingEmail = answer.data.account?.pendingEmail;
    const modalMessage =
      pendingEmail && pendingEmail !== account.pendingEmail
        ? e.verifyNewEmail(pendingEmail)
        : e.updateComplete;
    await navigate('/', { state: { modalMessage } });
    // An account that can no longer sign in drops the session (SPEC §4).
    if (answer.data.account) accountUpdated(answer.data.account);
    return undefined;
  });

  return (
    <Page narrow>
      <h1>{m.pageTitles.editDetails}</h1>
      <p className={styles.lead}>{e.intro}</p>
      <form className={formStyles.form} onSubmit={submit} noValidate>
        {form.message ? <Alert kind="error">{form.message}</Alert> : null}
        <TextField
          {...form.field('name')}
          label={m.account.name}
          autoComplete="name"
          disabled={!profileEditable}
        />
        <EmailField
          {...form.field('email')}
          label={m.account.email}
          autoComplete="email"
          disabled={!profileEditable}
          hint={profileEditable ? e.emailChangeHint : e.lockedHint}
        />
        {/* The hint says "contact customer services": say how. */}
        {profileEditable ? null : <ContactBlock compact />}
        {telephoneEnabled ? (
          <TextField
            {...form.field('telephoneNumber')}
            label={m.account.telephone}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            hint={e.telephoneHint}
          />
        ) : null}
        <SelectField
          {...form.field('currency')}
          label={m.account.currency}
          options={currencies.map((code) => [code, currencyName(code, config.locale)] as const)}
          disabled={currencyLocked}
          hint={currencyLocked ? e.currencyLockedHint : null}
        />
        <MarketingConsentField
          ref={form.field('marketingConsent').ref}
          value={consent}
          onChange={(value) => {
            form.set('marketingConsent', value.email);
            form.set('marketingConsentWhatsApp', value.whatsapp);
          }}
          telephoneEnabled={whatsAppOffered(form.values)}
          showErrors={Object.values(form.problems).some(Boolean)}
          disabled={form.busy}
        />
        <div className={formStyles.actions}>
          <Button type="submit" disabled={form.busy}>
            {form.busy ? e.saving : e.save}
          </Button>
          <ButtonLink to="/help/account" variant="secondary">
            {e.cancel}
          </ButtonLink>
        </div>
      </form>
      {confirmStep}
    </Page>
  );
}

/** The consent control's value from the form's two answers. */
function consentOf(values: {
  marketingConsent: string;
  marketingConsentWhatsApp: string;
}): MarketingConsentValue {
  return {
    email: values.marketingConsent as ConsentChoice,
    whatsapp: values.marketingConsentWhatsApp as ConsentChoice,
  };
}
