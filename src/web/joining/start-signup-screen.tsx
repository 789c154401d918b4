import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { AcceptInviteResponse, AcceptInviteStatusResponse, InviteCode } from '#shared/api/joining.ts';
import {
  consentToAllowMarketing,
  consentUnanswered,
  type MarketingConsentValue,
  unknownConsent,
} from '#shared/domain/consent.ts';
import { isEmailAddress } from '#shared/domain/email-rules.ts';
import { isInviteCode } from '#shared/domain/invite-codes.ts';
import { minimumPasswordLength } from '#shared/domain/password-rules.ts';
import { callApi } from '../api.ts';
import { useConfig } from '../config-context.tsx';
import { MarketingConsentField } from '../consent/marketing-consent-field.tsx';
import { useMessages } from '../i18n/messages.tsx';
import { useSession } from '../session/session-context.tsx';
import { Button } from '../ui/button.tsx';
import { Alert, formStyles, TextField } from '../ui/form.tsx';
import { Page } from '../ui/page.tsx';
import { usePageTitle } from '../ui/page-title.tsx';
import styles from './joining.module.css';
import { PasskeyStep, SuccessStep, TermsLinks } from './onboarding.tsx';

type Step = 1 | 2 | 3 | 4;

type Load =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; details: AcceptInviteStatusResponse; locked: boolean; message: string | null };

/** The §8 message of a known invitation code (in the configured locale), else the server's or a generic one. */
function messageForCode(
  codes: Record<InviteCode, string>,
  code: string | undefined,
  fallback: string | undefined,
  generic: string,
): string {
  return isInviteCode(code) ? codes[code] : fallback || generic;
}

/** The server's own rule (the shared schema's), so a typo is caught before anything is sent. */
function emailProblemOf(email: string): 'missing' | 'invalid' | null {
  if (email.trim() === '') return 'missing';
  return isEmailAddress(email) ? null : 'invalid';
}

function isObject<T>(value: T | null | string): value is T {
  return typeof value === 'object' && value !== null;
}

/** SPEC §2 Invite accept (/start-signup): 1 details, 2 consents, 3 success, 4 passkey offer. */
export default function StartSignupScreen() {
  const messages = useMessages();
  const m = messages.joining;
  const config = useConfig();
  const session = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  usePageTitle(messages.titles.joinTheClub);

  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [step, setStep] = useState<Step>(1);
  const [accepted, setAccepted] = useState(false);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [passwordFlagged, setPasswordFlagged] = useState(false);
  const [emailProblem, setEmailProblem] = useState<'missing' | 'invalid' | null>(null);
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const [consent, setConsent] = useState<MarketingConsentValue>(unknownConsent);
  const [showConsentErrors, setShowConsentErrors] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const emailInput = useRef<HTMLInputElement>(null);
  const consentInput = useRef<HTMLInputElement & HTMLSelectElement>(null);
  const stepHeading = useRef<HTMLHeadingElement>(null);

  const codeMessage = (code: string | undefined, fallback: string | undefined, generic: string) =>
    messageForCode(m.codes, code, fallback, generic);

  const signedInVisitor = session.state.status === 'authenticated' && !accepted;

  useEffect(() => {
    if (!token || load.status !== 'loading') return;
    if (session.state.status === 'loading' || session.state.status === 'authenticated') return;
    let cancelled = false;
    void callApi<AcceptInviteStatusResponse>('/api/accept-invite-status', { body: { token } }).then(
      (answer) => {
        if (cancelled) return;
        if (!isObject(answer)) {
          setLoad({ status: 'failed', message: m.codes.ServiceError });
          return;
        }
        if (answer.success && answer.customer) {
          setEmail(answer.customer.email);
          setLoad({ status: 'ready', details: answer, locked: false, message: null });
          return;
        }
        const text = messageForCode(m.codes, answer.error, answer.message, m.codes.ServiceError);
        if (answer.isExpired && answer.customer) {
          setEmail(answer.customer.email);
          setLoad({ status: 'ready', details: answer, locked: true, message: text });
          return;
        }
        setLoad({ status: 'failed', message: text });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [token, session.state.status, load.status, m.codes]);

  // A new step announces itself by focusing its heading, unless a field asks for the focus.
  const focusPassword = useRef(false);
  useEffect(() => {
    if (step === 1 && focusPassword.current) {
      focusPassword.current = false;
      passwordInput.current?.focus();
    } else if (step === 1 || step === 2) {
      stepHeading.current?.focus();
    }
  }, [step]);

  if (!token) {
    return (
      <Page narrow>
        <Alert kind="error">{m.inviteMissing}</Alert>
      </Page>
    );
  }
  if (session.state.status === 'loading') return null;
  if (signedInVisitor) {
    return (
      <Page narrow>
        <div className={styles.card}>
          <Alert kind="info">{m.alreadyLoggedIn}</Alert>
          <Link to="/">{m.goToAccount}</Link>
        </div>
      </Page>
    );
  }
  if (step === 3) {
    return (
      <Page narrow>
        <SuccessStep
          step={3}
          total={4}
          onContinue={() => setStep(4)}
          onContinueToAccount={() => navigate('/')}
          notice={pendingEmail ? m.confirmNewEmail(pendingEmail) : null}
        />
      </Page>
    );
  }
  if (step === 4) {
    return (
      <Page narrow>
        <PasskeyStep step={4} total={4} onDone={() => navigate('/')} />
      </Page>
    );
  }
  if (load.status === 'loading') {
    return (
      <Page narrow>
        <p role="status">{m.loadingInvite}</p>
      </Page>
    );
  }
  if (load.status === 'failed') {
    return (
      <Page narrow>
        <Alert kind="error">{load.message}</Alert>
      </Page>
    );
  }

  const { details, locked } = load;
  const customer = details.customer;
  const existingCustomer = customer?.existingCustomer ?? false;
  const passwordRequired = Boolean(details.passwordRequired) && !existingCustomer;

  function goToConsents(event: FormEvent) {
    event.preventDefault();
    if (locked) return;
    const problem = existingCustomer ? null : emailProblemOf(email);
    const passwordShort = passwordRequired && password.length < minimumPasswordLength.invite;
    setEmailProblem(problem);
    setPasswordFlagged(passwordShort);
    if (problem) {
      emailInput.current?.focus();
      return;
    }
    if (passwordShort) {
      passwordInput.current?.focus();
      return;
    }
    setMessage(null);
    setStep(2);
  }

  async function accept(event?: FormEvent) {
    event?.preventDefault();
    if (locked || busy) return;
    if (consentUnanswered(consent, config.enableTelephoneNumber)) {
      setShowConsentErrors(true);
      consentInput.current?.focus();
      return;
    }
    setBusy(true);
    setMessage(null);
    const allow = consentToAllowMarketing(consent);
    const answer = await callApi<AcceptInviteResponse>('/api/accept-invite', {
      body: {
        token,
        email: existingCustomer ? customer?.email : email.trim(),
        password: passwordRequired ? password : null,
        fullName: customer?.fullName,
        allowMarketing: allow.allowMarketing,
        allowMarketingWhatsApp: config.enableTelephoneNumber ? allow.allowMarketingWhatsApp : null,
      },
    });
    setBusy(false);
    if (isObject(answer) && answer.success && answer.account) {
      setAccepted(true);
      setPendingEmail(answer.account.pendingEmail ?? null);
      session.signedIn(answer.account, answer.googlePay ?? null);
      setStep(3);
      return;
    }
    if (isObject(answer) && (answer.invalidPassword || answer.error === 'InvalidPassword')) {
      // SPEC §4: back to step 1 with the password cleared and focused.
      setPassword('');
      setPasswordFlagged(true);
      setMessage(m.insufficientPassword);
      focusPassword.current = true;
      setStep(1);
      return;
    }
    if (isObject(answer) && answer.error === 'UserAlreadyExists') {
      setMessage(m.userAlreadyExists);
      setStep(1);
      return;
    }
    const text = isObject(answer)
      ? codeMessage(answer.error, answer.message, m.acceptFailed)
      : m.acceptFailed;
    if (isObject(answer) && answer.isExpired) {
      setLoad({ ...load, locked: true, message: text } as Load);
      setMessage(null);
      return;
    }
    setMessage(text);
  }

  // SPEC §4: on step 2 Enter advances; Shift+Enter or Alt+Enter goes back to step 1.
  function onConsentKeys(event: KeyboardEvent<HTMLFormElement>) {
    if (event.key !== 'Enter') return;
    if (event.shiftKey || event.altKey) {
      event.preventDefault();
      setStep(1);
      return;
    }
    const target = event.target as HTMLElement;
    if (target.tagName === 'BUTTON' || target.tagName === 'A') return;
    event.preventDefault();
    void accept();
  }

  // Enter advances from anywhere in step 1 (the focused heading included), as on step 2.
  function onDetailsKeys(event: KeyboardEvent<HTMLFormElement>) {
    if (event.key !== 'Enter' || event.shiftKey || event.altKey) return;
    const target = event.target as HTMLElement;
    if (target.tagName === 'BUTTON' || target.tagName === 'A') return;
    event.preventDefault();
    event.currentTarget.requestSubmit();
  }

  const header = (
    <>
      <p className={styles.step}>{m.stepOf(step, 4)}</p>
      <h1 className={styles.heading} ref={stepHeading} tabIndex={-1}>
        {step === 1 ? m.inviteHeading : m.consentsHeading}
      </h1>
      {details.invitedBy ? <p className={styles.from}>{m.invitedBy(details.invitedBy)}</p> : null}
      {load.message ? <Alert kind="error">{load.message}</Alert> : null}
      {message ? <Alert kind="error">{message}</Alert> : null}
    </>
  );

  if (step === 1) {
    return (
      <Page narrow>
        <form
          className={`${formStyles.form} ${styles.card}`}
          onSubmit={goToConsents}
          onKeyDown={onDetailsKeys}
          noValidate
          aria-disabled={locked}
        >
          {header}
          <p className={styles.lead}>{m.inviteIntro}</p>
          <TextField
            label={m.fullName}
            name="fullName"
            value={customer?.fullName ?? ''}
            readOnly
            disabled={locked}
          />
          <TextField
            ref={emailInput}
            label={m.email}
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            value={email}
            readOnly={existingCustomer}
            disabled={locked}
            hint={existingCustomer ? m.emailLocked : undefined}
            onChange={(event) => setEmail(event.target.value.toLowerCase())}
            invalid={emailProblem !== null}
            error={emailProblem ? { missing: m.emailRequired, invalid: m.emailInvalid }[emailProblem] : null}
          />
          {passwordRequired ? (
            <TextField
              ref={passwordInput}
              label={m.password}
              type="password"
              name="password"
              autoComplete="new-password"
              value={password}
              disabled={locked}
              hint={m.passwordHint}
              onChange={(event) => setPassword(event.target.value)}
              invalid={passwordFlagged}
              error={passwordFlagged ? m.passwordTooShort : null}
            />
          ) : null}
          <Button type="submit" block disabled={locked}>
            {m.next}
          </Button>
        </form>
      </Page>
    );
  }

  return (
    <Page narrow>
      <form
        className={`${formStyles.form} ${styles.card}`}
        onSubmit={accept}
        onKeyDown={onConsentKeys}
        noValidate
        aria-disabled={locked}
      >
        {header}
        <TermsLinks />
        <MarketingConsentField
          ref={consentInput}
          value={consent}
          onChange={setConsent}
          telephoneEnabled={config.enableTelephoneNumber}
          showErrors={showConsentErrors}
          disabled={locked || busy}
        />
        <p className={`${styles.hint} ${styles.keyboardHint}`}>{m.keyboardHint}</p>
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => setStep(1)} disabled={busy}>
            {m.back}
          </Button>
          <Button type="submit" disabled={locked || busy}>
            {busy ? m.accepting : m.accept}
          </Button>
        </div>
      </form>
    </Page>
  );
}
