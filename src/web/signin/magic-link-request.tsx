import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { signInPath } from '#shared/domain/after-sign-in.ts';
import { normaliseEmailInput } from '#shared/domain/sign-in-rules.ts';
import { callApi } from '../api.ts';
import { useConfig } from '../config-context.tsx';
import { useMessages } from '../i18n/messages.tsx';
import { Button } from '../ui/button.tsx';
import { Alert, formStyles, TextField } from '../ui/form.tsx';
import { PasskeySignIn } from './passkey-sign-in.tsx';
import styles from './signin.module.css';

interface RequestAnswer {
  success: boolean;
  message?: string;
  fieldErrors?: Record<string, string>;
}

/**
 * SPEC §2 Magic-link request: an email field and an email-link button; it auto-submits when an
 * `email` query parameter is present, and shows a sent message on success. Passkeys sit beside it.
 */
export function MagicLinkRequest() {
  const config = useConfig();
  const m = useMessages();
  const c = m.credentials;
  const [params] = useSearchParams();
  const initialEmail = normaliseEmailInput(params.get('email') ?? '').trim();
  const [email, setEmail] = useState(initialEmail);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const emailInput = useRef<HTMLInputElement>(null);
  const autoSubmitted = useRef(false);

  async function send(address: string) {
    // SPEC §5: the email must be non-blank.
    if (address.trim() === '') {
      setFieldError(m.signIn.emailRequired);
      setMessage(null);
      emailInput.current?.focus();
      return;
    }
    setBusy(true);
    setFieldError(null);
    setMessage(null);
    const next = params.get('next');
    const result = await callApi<RequestAnswer>('/api/request-magic-link', {
      body: { email: address.trim(), ...(next ? { next } : {}) },
    });
    setBusy(false);
    if (result && typeof result === 'object' && result.success) {
      setSentTo(address.trim());
      return;
    }
    const answer = result && typeof result === 'object' ? result : null;
    if (answer?.fieldErrors?.email) {
      setFieldError(answer.fieldErrors.email);
      emailInput.current?.focus();
      return;
    }
    setMessage(answer?.message || c.magicRequestFailed);
  }

  // SPEC §2: an `email` query parameter submits the request straight away (once).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, for the address the page was opened with
  useEffect(() => {
    if (autoSubmitted.current || initialEmail === '') return;
    autoSubmitted.current = true;
    void send(initialEmail);
  }, []);

  function submit(event: FormEvent) {
    event.preventDefault();
    void send(email);
  }

  const passwordLink = (
    <p className={styles.alternative}>
      <Link to={signInPath(params.get('next'), { method: 'password' })}>{m.signIn.usePassword}</Link>
    </p>
  );

  if (sentTo) {
    return (
      <div className={formStyles.form}>
        <h1 className={styles.heading}>{c.sentTitle}</h1>
        <Alert kind="success">{c.magicSent(sentTo)}</Alert>
        <Button
          variant="secondary"
          block
          onClick={() => {
            setSentTo(null);
            setEmail('');
          }}
        >
          {c.useAnotherEmail}
        </Button>
        {passwordLink}
      </div>
    );
  }

  return (
    <div>
      <form className={formStyles.form} onSubmit={submit} noValidate>
        <h1 className={styles.heading}>{m.signIn.heading}</h1>
        <p className={styles.intro}>{c.magicIntro}</p>
        {message ? <Alert kind="error">{message}</Alert> : null}
        <TextField
          ref={emailInput}
          label={m.signIn.email}
          type="email"
          name="email"
          autoComplete="username webauthn"
          inputMode="email"
          value={email}
          onChange={(event) => setEmail(normaliseEmailInput(event.target.value))}
          error={fieldError}
        />
        <Button type="submit" block disabled={busy}>
          {busy ? c.sending : c.emailLink}
        </Button>
      </form>
      {config.enableWebAuthnLogins ? <PasskeySignIn email={email} /> : null}
      {passwordLink}
    </div>
  );
}
