import { type FormEvent, useRef, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import type { Account } from '#shared/api/common.ts';
import { consentUnanswered, type MarketingConsentValue } from '#shared/domain/consent.ts';
import type { Failure } from '../api.ts';
import { useConfig } from '../config-context.tsx';
import { MarketingConsentField } from '../consent/marketing-consent-field.tsx';
import { gaveUp, useRecentAuthentication } from '../credentials/confirm-identity.tsx';
import { useFailureText } from '../i18n/failure-text.ts';
import { useMessages } from '../i18n/messages.tsx';
import { useSession } from '../session/session-context.tsx';
import { Button, ButtonLink } from '../ui/button.tsx';
import { Alert, formStyles, SelectField, TextField } from '../ui/form.tsx';
import { Page } from '../ui/page.tsx';
import { usePageTitle } from '../ui/page-title.tsx';
import styles from './account.module.css';
import { accountApi } from './api.ts';

/**
 * SPEC §2 /help/account-details, §5 Edit details: name and email editable only with self profile
 * update; the currency among the allowed ones; the consent control of joining. Success goes to /
 * with a modal message; no changes go back to /help/account; credit accounts are sent to /.
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
  usePageTitle(m.titles.editDetails);
  const telephoneEnabled = config.enableTelephoneNumber;
  const profileEditable = config.selfProfileUpdateEnabled;
  const allowed = account.membership.type.allowedCurrencies;
  // SPEC §5: locked when only one currency is allowed or the current one is not in the list.
  const currencyLocked = allowed.length < 2 || !allowed.includes(account.currency);
  const currencies = allowed.includes(account.currency) ? allowed : [account.currency, ...allowed];

  const [name, setName] = useState(account.fullName);
  const [email, setEmail] = useState(account.email);
  const [currency, setCurrency] = useState(account.currency);
  const [consent, setConsent] = useState<MarketingConsentValue>({
    email: account.membership.marketingConsent,
    whatsapp: account.membership.marketingConsentWhatsApp,
  });
  const [showErrors, setShowErrors] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const emailInput = useRef<HTMLInputElement>(null);
  const consentInput = useRef<HTMLInputElement & HTMLSelectElement>(null);
  const { guarded, confirmStep } = useRecentAuthentication();
  const failureText = useFailureText();

  /** The server's field problems, in this screen's words. */
  function fieldWords(failure: Failure): Record<string, string> {
    const words = failure.code === 'InvalidRequest' ? e.fixErrors : failureText(failure);
    return Object.fromEntries(
      Object.keys(failure.fieldErrors).map((field) => [
        field,
        failure.code === 'InvalidRequest' && field === 'email' ? m.signIn.emailInvalid : words,
      ]),
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFormError(null);
    const errors: Record<string, string> = {};
    if (!name.trim()) errors.name = e.nameRequired;
    if (!email.trim()) errors.email = e.emailRequired;
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) {
      setShowErrors(true);
      // SPEC §5: the fields are flagged and focus moves to the email field.
      emailInput.current?.focus();
      return;
    }
    if (consentUnanswered(consent, telephoneEnabled)) {
      setShowErrors(true);
      consentInput.current?.focus();
      return;
    }
    const next = {
      name: name.trim(),
      email: email.trim().toLowerCase(),
      currency,
      marketingConsent: consent.email,
      marketingConsentWhatsApp: consent.whatsapp,
    };
    const unchanged =
      next.name === account.fullName &&
      next.email === account.email.toLowerCase() &&
      next.currency === account.currency &&
      next.marketingConsent === account.membership.marketingConsent &&
      (!telephoneEnabled || next.marketingConsentWhatsApp === account.membership.marketingConsentWhatsApp);
    // SPEC §4: an update with no changes just goes back to /help/account.
    if (unchanged) {
      await navigate('/help/account');
      return;
    }
    setBusy(true);
    // A new email address needs a recent sign-in: the member may be asked to confirm who they are.
    const answer = await guarded(() => accountApi.update(next));
    if (answer === gaveUp) {
      setBusy(false);
      return;
    }
    if (answer.ok) {
      const pendingEmail = answer.data.account?.pendingEmail;
      const modalMessage =
        pendingEmail && pendingEmail !== account.pendingEmail
          ? e.verifyNewEmail(pendingEmail)
          : e.updateComplete;
      await navigate('/', { state: { modalMessage } });
      // An account that can no longer sign in drops the session (SPEC §4).
      if (answer.data.account) accountUpdated(answer.data.account);
      return;
    }
    setBusy(false);
    const serverFieldErrors = fieldWords(answer);
    setFieldErrors(serverFieldErrors);
    setFormError(failureText(answer, { Unknown: e.updateFailed }));
    if (serverFieldErrors.email) emailInput.current?.focus();
  };

  return (
    <Page narrow>
      <h1>{m.titles.editDetails}</h1>
      <p className={styles.lead}>{e.intro}</p>
      <form className={formStyles.form} onSubmit={(event) => void submit(event)} noValidate>
        {formError ? <Alert kind="error">{formError}</Alert> : null}
        <TextField
          label={m.account.name}
          value={name}
          autoComplete="name"
          disabled={!profileEditable}
          onChange={(event) => setName(event.target.value)}
          error={fieldErrors.name}
        />
        <TextField
          ref={emailInput}
          label={m.account.email}
          type="email"
          value={email}
          autoComplete="email"
          spellCheck={false}
          disabled={!profileEditable}
          onChange={(event) => setEmail(event.target.value.toLowerCase())}
          error={fieldErrors.email}
          hint={profileEditable ? e.emailChangeHint : e.lockedHint}
        />
        <SelectField
          label={m.account.currency}
          value={currency}
          options={currencies.map((code) => [code, code] as const)}
          disabled={currencyLocked}
          hint={currencyLocked ? e.currencyLockedHint : null}
          error={fieldErrors.currency}
          onChange={(event) => setCurrency(event.target.value)}
        />
        <MarketingConsentField
          ref={consentInput}
          value={consent}
          onChange={setConsent}
          telephoneEnabled={telephoneEnabled}
          showErrors={showErrors}
          disabled={busy}
        />
        <div className={formStyles.actions}>
          <Button type="submit" disabled={busy}>
            {busy ? e.saving : e.save}
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
