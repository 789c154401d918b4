import { type FormEvent, useState } from 'react';
import {
  consentToAllowMarketing,
  type MarketingConsentValue,
  unknownConsent,
} from '#shared/domain/consent.ts';
import { emailProblem, nameMissing, passwordTooShort } from '#shared/domain/joining-rules.ts';
import { useConfig } from '../config-context.tsx';
import { MarketingConsentField } from '../consent/marketing-consent-field.tsx';
import { useFailureText } from '../i18n/failure-text.ts';
import { useMessages } from '../i18n/messages.tsx';
import { Link } from '../routing/links.tsx';
import { useNavigate } from '../routing/router.tsx';
import { useSession } from '../session/session-context.tsx';
import { Alert, formStyles } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { EmailField, PasswordField, TextField } from '../ui/form.tsx';
import { Page } from '../ui/page.tsx';
import { usePageTitle } from '../ui/page-title.tsx';
import { useForm } from '../ui/use-form.ts';
import { signUp } from './api.ts';
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
  usePageTitle(messages.pageTitles.signUp);
  const failureText = useFailureText();
  const passwordRequired = !config.enableMagicLinkLogins;

  const [step, setStep] = useState<1 | 2 | 'sent'>(1);
  const details = useForm({
    normalise: { email: (value) => value.toLowerCase() },
    initial: { name: '', email: '', password: '' },
    validate: ({ name, email, password }) => {
      const problem = emailProblem(email);
      return {
        name: nameMissing(name) && m.nameRequired,
        email: problem ? { missing: m.emailRequired, invalid: m.emailInvalid }[problem] : false,
        password: passwordRequired && passwordTooShort(password, 'signup') && m.passwordTooShort,
      };
    },
  });
  const [consent, setConsent] = useState<MarketingConsentValue>(unknownConsent);
  const [confirmations, setConfirmations] = useState<Confirmations>({
    confirmAge: false,
    acceptTerms: false,
  });
  const [showErrors, setShowErrors] = useState(false);
  const { allowMarketing } = consentToAllowMarketing(consent);

  const next = details.onSubmit(async () => {
    setStep(2);
    return undefined;
  });

  // Step 2 sends step 1's values; a problem with one of them shows on step 1, flagged and focused.
  const send = details.onSubmit(async ({ name, email, password }) => {
    if (allowMarketing === null) return undefined;
    const result = await signUp({
      username: email.trim(),
      password: passwordRequired ? password : null,
      name: name.trim(),
      allowMarketing,
      confirmAge: true,
      acceptTerms: true,
    });
    if (result.ok && result.data.account) {
      session.signedIn(result.data.account, result.data.googlePay ?? null);
      await navigate('/');
      return undefined;
    }
    if (result.ok && result.data.verificationRequired) {
      setStep('sent');
      return undefined;
    }
    if (result.ok) return { message: m.signupFailed };
    if (result.code === 'UserAlreadyExists') return { message: m.userAlreadyExists };
    if (result.code === 'InvalidPassword') {
      setStep(1);
      return {
        message: m.insufficientPassword,
        problems: { password: m.passwordTooShort },
        reset: { password: '' },
      };
    }
    // The server's rules caught what the screen's did not: flag the fields it names on step 1.
    const { fieldErrors } = result;
    if (fieldErrors.name || fieldErrors.username || fieldErrors.password) {
      setStep(1);
      return {
        message: failureText(result),
        problems: {
          name: 'name' in fieldErrors,
          email: 'username' in fieldErrors,
          password: 'password' in fieldErrors,
        },
      };
    }
    return { message: failureText(result, { Unknown: m.signupFailed, ServerError: m.signupFailed }) };
  });

  function signUpClicked(event: FormEvent) {
    event.preventDefault();
    if (allowMarketing === null || details.busy) return;
    if (!confirmations.confirmAge || !confirmations.acceptTerms) {
      setShowErrors(true);
      return;
    }
    void send();
  }

  // SPEC §8: the account-exists message offers the way to sign in.
  const alert = details.message ? (
    <Alert kind="error">
      {details.message}{' '}
      {details.message === m.userAlreadyExists ? <Link to="/signin">{m.signIn}</Link> : null}
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
          <TextField {...details.field('name')} label={m.name} autoComplete="name" />
          <EmailField {...details.field('email')} label={m.email} autoComplete="email" />
          {passwordRequired ? (
            <PasswordField
              {...details.field('password')}
              label={m.password}
              autoComplete="new-password"
              hint={m.passwordHint}
            />
          ) : null}
          <Button type="submit" block>
            {m.next}
          </Button>
        </form>
      </Page>
    );
  }

  const busy = details.busy;
  return (
    <Page narrow>
      <form className={`${formStyles.form} ${styles.card}`} onSubmit={signUpClicked} noValidate>
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
        <div className={`${formStyles.actions} ${styles.spread}`}>
          <Button variant="secondary" onClick={() => setStep(1)} disabled={busy}>
            {m.back}
          </Button>
          <Button type="submit" disabled={allowMarketing === null || busy}>
            {busy ? m.signingUp : m.signUp}
          </Button>
        </div>
      </form>
    </Page>
  );
}
