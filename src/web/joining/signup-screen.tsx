import { type FormEvent, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  consentToAllowMarketing,
  type MarketingConsentValue,
  unknownConsent,
} from '#shared/domain/consent.ts';
import { minimumPasswordLength } from '#shared/domain/password-rules.ts';
import { useConfig } from '../config-context.tsx';
import { MarketingConsentField } from '../consent/marketing-consent-field.tsx';
import { useFailureText } from '../i18n/failure-text.ts';
import { useMessages } from '../i18n/messages.tsx';
import { useSession } from '../session/session-context.tsx';
import { Button } from '../ui/button.tsx';
import { Alert, formStyles, TextField } from '../ui/form.tsx';
import { Page } from '../ui/page.tsx';
import { usePageTitle } from '../ui/page-title.tsx';
import { signUp as sendSignup } from './api.ts';
import { ConfirmationChecks, type Confirmations } from './confirmations.tsx';
import styles from './joining.module.css';
import { TermsLinks } from './onboarding.tsx';

/**
 * SPEC §2 Self sign-up, two steps. 1: name, email (lowercased), a password when magic links are off.
 * 2: terms and privacy links, the email marketing question, the over-17 and terms confirmation, and
 * Sign up, disabled while the email consent is unanswered.
 */
export default function SignupScreen() {
  const messages = useMessages();
  const m = messages.joining;
  const config = useConfig();
  const session = useSession();
  const navigate = useNavigate();
  usePageTitle(messages.titles.signUp);
  const failureText = useFailureText();
  const passwordRequired = !config.enableMagicLinkLogins;

  const [step, setStep] = useState<1 | 2 | 'sent'>(1);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [flagged, setFlagged] = useState({ name: false, email: false, password: false });
  const [consent, setConsent] = useState<MarketingConsentValue>(unknownConsent);
  const [confirmations, setConfirmations] = useState<Confirmations>({
    confirmAge: false,
    acceptTerms: false,
  });
  const [showErrors, setShowErrors] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; signIn?: boolean } | null>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);

  function next(event: FormEvent) {
    event.preventDefault();
    const problems = {
      name: name.trim() === '',
      email: email.trim() === '',
      password: passwordRequired && password.length < minimumPasswordLength.signup,
    };
    setFlagged(problems);
    if (problems.name) return nameInput.current?.focus();
    if (problems.email) return emailInput.current?.focus();
    if (problems.password) return passwordInput.current?.focus();
    setMessage(null);
    setStep(2);
  }

  async function signUp(event: FormEvent) {
    event.preventDefault();
    const { allowMarketing } = consentToAllowMarketing(consent);
    if (allowMarketing === null || busy) return;
    if (!confirmations.confirmAge || !confirmations.acceptTerms) {
      setShowErrors(true);
      return;
    }
    setBusy(true);
    setMessage(null);
    const result = await sendSignup({
      username: email.trim(),
      password: passwordRequired ? password : null,
      name: name.trim(),
      allowMarketing,
      confirmAge: true,
      acceptTerms: true,
    });
    setBusy(false);
    if (result.ok && result.data.account) {
      session.signedIn(result.data.account, result.data.googlePay ?? null);
      navigate('/');
      return;
    }
    if (result.ok && result.data.verificationRequired) {
      setStep('sent');
      return;
    }
    if (!result.ok && result.code === 'UserAlreadyExists') {
      setMessage({ text: m.userAlreadyExists, signIn: true });
      return;
    }
    if (!result.ok && result.code === 'InvalidPassword') {
      setPassword('');
      setFlagged({ name: false, email: false, password: true });
      setMessage({ text: m.insufficientPassword });
      setStep(1);
      setTimeout(() => passwordInput.current?.focus(), 0);
      return;
    }
    const text = result.ok
      ? m.signupFailed
      : failureText(result, { Unknown: m.signupFailed, ServerError: m.signupFailed });
    setMessage({ text });
  }

  const alert = message ? (
    <Alert kind="error">
      {message.text} {message.signIn ? <Link to="/signin">{m.signIn}</Link> : null}
    </Alert>
  ) : null;

  if (step === 'sent') {
    return (
      <Page narrow>
        <div className={styles.card}>
          <h1 className={styles.heading}>{m.signupHeading}</h1>
          <Alert kind="success">{m.verificationRequired}</Alert>
        </div>
      </Page>
    );
  }

  if (step === 1) {
    return (
      <Page narrow>
        <form className={`${formStyles.form} ${styles.card}`} onSubmit={next} noValidate>
          <p className={styles.step}>{m.stepOf(1, 2)}</p>
          <h1 className={styles.heading}>{m.signupHeading}</h1>
          <p className={styles.lead}>{m.signupIntro}</p>
          {alert}
          <TextField
            ref={nameInput}
            label={m.name}
            name="name"
            autoComplete="name"
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
            autoComplete="email"
            inputMode="email"
            value={email}
            onChange={(event) => setEmail(event.target.value.toLowerCase())}
            invalid={flagged.email}
            error={flagged.email ? m.emailRequired : null}
          />
          {passwordRequired ? (
            <TextField
              ref={passwordInput}
              label={m.password}
              type="password"
              name="password"
              autoComplete="new-password"
              hint={m.passwordHint}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              invalid={flagged.password}
              error={flagged.password ? m.passwordTooShort : null}
            />
          ) : null}
          <Button type="submit" block>
            {m.next}
          </Button>
        </form>
      </Page>
    );
  }

  return (
    <Page narrow>
      <form className={`${formStyles.form} ${styles.card}`} onSubmit={signUp} noValidate>
        <p className={styles.step}>{m.stepOf(2, 2)}</p>
        <h1 className={styles.heading}>{m.consentsHeading}</h1>
        {alert}
        <TermsLinks />
        <MarketingConsentField
          value={consent}
          onChange={setConsent}
          telephoneEnabled={false}
          statement={m.emailConsentStatement}
          disabled={busy}
        />
        <ConfirmationChecks
          value={confirmations}
          onChange={setConfirmations}
          showErrors={showErrors}
          disabled={busy}
        />
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => setStep(1)} disabled={busy}>
            {m.back}
          </Button>
          <Button type="submit" disabled={consent.email === 'unknown' || busy}>
            {busy ? m.signingUp : m.signUp}
          </Button>
        </div>
      </form>
    </Page>
  );
}
