import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import {
  consentToAllowMarketing,
  consentUnanswered,
  type MarketingConsentValue,
  unknownConsent,
} from '#shared/domain/consent.ts';
import { useConfig } from '../config-context.tsx';
import { MarketingConsentField } from '../consent/marketing-consent-field.tsx';
import { useFailureText } from '../i18n/failure-text.ts';
import { useMessages } from '../i18n/messages.tsx';
import { Button } from '../ui/button.tsx';
import { Alert, formStyles, TextField } from '../ui/form.tsx';
import { Page } from '../ui/page.tsx';
import { usePageTitle } from '../ui/page-title.tsx';
import { guidedSignUp } from './api.ts';
import { ConfirmationChecks, type Confirmations } from './confirmations.tsx';
import styles from './joining.module.css';
import { TermsLinks } from './onboarding.tsx';

const noConfirmations: Confirmations = { confirmAge: false, acceptTerms: false };

/**
 * SPEC §2 VIP Signup (/store/signup/:token?, when guided signup is enabled): in store, the customer
 * gives name, email and consents; we email them the /complete-signup link that finishes the account.
 * The optional :token names the store or stylist. Rendered only after mount, inside the VIP Signup
 * error boundary.
 */
export default function GuidedSignupScreen() {
  const messages = useMessages();
  const m = messages.joining;
  const config = useConfig();
  const { token } = useParams();
  const failureText = useFailureText();
  usePageTitle(messages.titles.vipSignup);
  const [mounted, setMounted] = useState(false);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [flagged, setFlagged] = useState({ name: false, email: false });
  const [consent, setConsent] = useState<MarketingConsentValue>(unknownConsent);
  const [confirmations, setConfirmations] = useState<Confirmations>(noConfirmations);
  const [showErrors, setShowErrors] = useState(false);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  const emailInput = useRef<HTMLInputElement>(null);
  const consentInput = useRef<HTMLInputElement & HTMLSelectElement>(null);

  useEffect(() => setMounted(true), []);
  if (!mounted) return null;

  function reset() {
    setName('');
    setEmail('');
    setConsent(unknownConsent);
    setConfirmations(noConfirmations);
    setShowErrors(false);
    setFlagged({ name: false, email: false });
    setSentTo(null);
    setMessage(null);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const problems = { name: name.trim() === '', email: email.trim() === '' };
    setFlagged(problems);
    const unanswered = consentUnanswered(consent, config.enableTelephoneNumber);
    const unconfirmed = !confirmations.confirmAge || !confirmations.acceptTerms;
    setShowErrors(unanswered || unconfirmed);
    if (problems.name) return nameInput.current?.focus();
    if (problems.email) return emailInput.current?.focus();
    if (unanswered) return consentInput.current?.focus();
    const allow = consentToAllowMarketing(consent);
    if (unconfirmed || allow.allowMarketing === null) return;
    setBusy(true);
    setMessage(null);
    const result = await guidedSignUp({
      username: email.trim(),
      name: name.trim(),
      allowMarketing: allow.allowMarketing,
      allowMarketingWhatsApp: config.enableTelephoneNumber ? allow.allowMarketingWhatsApp : null,
      storeToken: token ?? null,
      confirmAge: true,
      acceptTerms: true,
    });
    setBusy(false);
    if (result.ok) {
      setSentTo(email.trim());
      return;
    }
    setMessage(
      failureText(result, {
        UserAlreadyExists: m.userAlreadyExists,
        Unknown: m.signupFailed,
        ServerError: m.signupFailed,
      }),
    );
  }

  if (sentTo) {
    return (
      <Page narrow>
        <div className={styles.card}>
          <h1 className={styles.heading}>{m.vipHeading}</h1>
          <Alert kind="success">{m.vipSent(sentTo)}</Alert>
          <Button onClick={reset}>{m.vipAnother}</Button>
        </div>
      </Page>
    );
  }

  return (
    <Page narrow>
      <form className={`${formStyles.form} ${styles.card}`} onSubmit={submit} noValidate>
        <h1 className={styles.heading}>{m.vipHeading}</h1>
        <p className={styles.lead}>{m.vipIntro}</p>
        {message ? <Alert kind="error">{message}</Alert> : null}
        <TextField
          ref={nameInput}
          label={m.name}
          name="name"
          autoComplete="off"
          value={name}
          onChange={(event) => setName(event.target.value)}
          invalid={flagged.name}
          error={flagged.name ? m.nameRequired : null}
        />
        <TextField
          ref={emailInput}
          label={m.email}
          type="email"
          name="email"
          autoComplete="off"
          inputMode="email"
          value={email}
          onChange={(event) => setEmail(event.target.value.toLowerCase())}
          invalid={flagged.email}
          error={flagged.email ? m.emailRequired : null}
        />
        <TermsLinks />
        <MarketingConsentField
          ref={consentInput}
          value={consent}
          onChange={setConsent}
          telephoneEnabled={config.enableTelephoneNumber}
          showErrors={showErrors}
          disabled={busy}
        />
        <ConfirmationChecks
          value={confirmations}
          onChange={setConfirmations}
          showErrors={showErrors}
          disabled={busy}
        />
        <Button type="submit" block disabled={busy}>
          {busy ? m.signingUp : m.signUp}
        </Button>
      </form>
    </Page>
  );
}
