import { type FormEvent, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { loginEndpoint } from '#shared/api/auth.ts';
import type { ResponseOf } from '#shared/api/endpoint.ts';
import { afterSignInPath } from '#shared/domain/after-sign-in.ts';
import { normaliseEmailInput, signInProblems } from '#shared/domain/sign-in-rules.ts';
import { callApi } from '../api.ts';
import { useConfig } from '../config-context.tsx';
import { useMessages } from '../i18n/messages.tsx';
import { useSession } from '../session/session-context.tsx';
import { Button } from '../ui/button.tsx';
import { Alert, formStyles, TextField } from '../ui/form.tsx';
import { PasskeySignIn } from './passkey-sign-in.tsx';
import styles from './signin.module.css';

type LoginResponse = ResponseOf<typeof loginEndpoint>;

/** SPEC §2 Sign in: email and password, a forgot-password link, and a Sign in button. */
export function PasswordSignInForm() {
  const m = useMessages().signIn;
  const config = useConfig();
  const session = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [email, setEmail] = useState(normaliseEmailInput(params.get('email') ?? ''));
  const [password, setPassword] = useState('');
  const [flagged, setFlagged] = useState({ email: false, password: false });
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems = signInProblems(email, password);
    if (problems.email || problems.password) {
      setFlagged(problems);
      setMessage(null);
      emailInput.current?.focus();
      return;
    }
    setBusy(true);
    setMessage(null);
    const result = await callApi<LoginResponse>('/api/login', { body: { username: email, password } });
    setBusy(false);
    if (result && typeof result === 'object' && result.success && result.account) {
      session.signedIn(result.account, result.googlePay ?? null);
      navigate(afterSignInPath(params.get('next')));
      return;
    }
    if (result && typeof result === 'object' && result.incorrectPassword) {
      setPassword('');
      setFlagged({ email: true, password: true });
      setMessage(m.incorrectPassword);
      passwordInput.current?.focus();
      return;
    }
    setMessage((result && typeof result === 'object' && result.message) || m.failed);
  }

  return (
    <div>
      <form className={formStyles.form} onSubmit={submit} noValidate>
        <h1 className={styles.heading}>{m.heading}</h1>
        {message ? <Alert kind="error">{message}</Alert> : null}
        <TextField
          ref={emailInput}
          label={m.email}
          type="email"
          name="email"
          autoComplete="username webauthn"
          inputMode="email"
          value={email}
          onChange={(event) => setEmail(normaliseEmailInput(event.target.value))}
          invalid={flagged.email}
          error={flagged.email && email.trim() === '' ? m.emailRequired : null}
        />
        <TextField
          ref={passwordInput}
          label={m.password}
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          invalid={flagged.password}
          error={flagged.password && password === '' ? m.passwordRequired : null}
        />
        <div className={styles.links}>
          <Link to="/reset-password">{m.forgotPassword}</Link>
        </div>
        <Button type="submit" block disabled={busy}>
          {busy ? m.submitting : m.submit}
        </Button>
      </form>
      {config.enableWebAuthnLogins ? <PasskeySignIn email={email} /> : null}
    </div>
  );
}
