import { type FormEvent, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { minimumPasswordLength } from '#shared/domain/password-rules.ts';
import { useFailureText } from '../i18n/failure-text.ts';
import { useMessages } from '../i18n/messages.tsx';
import { useSession } from '../session/session-context.tsx';
import { Button, ButtonLink } from '../ui/button.tsx';
import { Alert, formStyles, TextField } from '../ui/form.tsx';
import { Page } from '../ui/page.tsx';
import { usePageTitle } from '../ui/page-title.tsx';
import { credentialsApi } from './api.ts';
import styles from './credentials.module.css';

/**
 * SPEC §2 Reset password page (/set-new-password?email=…&token=…): a new password of at least 6
 * characters (§5). Success signs in and goes to / (§4); an expired link keeps the page busy; an
 * invalid password clears the field (§8).
 */
export default function SetNewPasswordScreen() {
  const m = useMessages();
  const c = m.credentials;
  const failureText = useFailureText();
  usePageTitle(m.titles.resetPassword);
  const [params] = useSearchParams();
  const email = (params.get('email') ?? '').trim().toLowerCase();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const { signedIn } = useSession();
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [expired, setExpired] = useState(false);
  const [linkInvalid, setLinkInvalid] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  if (!email || !token) {
    return (
      <Page narrow>
        <div className={formStyles.form}>
          <h1>{c.setHeading}</h1>
          <Alert kind="error">{c.resetLinkIncomplete}</Alert>
          <ButtonLink to="/reset-password">{c.requestNewReset}</ButtonLink>
        </div>
      </Page>
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (password.length < minimumPasswordLength.reset) {
      setFieldError(c.tooShort(minimumPasswordLength.reset));
      setMessage(null);
      input.current?.focus();
      return;
    }
    setBusy(true);
    setFieldError(null);
    setMessage(null);
    const answer = await credentialsApi.resetPassword({ username: email, password, token });
    if (answer.ok && answer.data.account) {
      signedIn(answer.data.account, answer.data.googlePay ?? null);
      await navigate('/', { replace: true });
      return;
    }
    const words = answer.ok
      ? c.setPasswordFailed
      : failureText(answer, {
          LinkExpired: c.resetLinkExpired,
          LinkInvalid: c.resetLinkInvalid,
          Unknown: c.setPasswordFailed,
        });
    if (!answer.ok && answer.code === 'LinkExpired') {
      // SPEC §8: an expired link keeps the page busy; only a new link helps.
      setExpired(true);
      setMessage(words);
      return;
    }
    setBusy(false);
    if (!answer.ok && answer.code === 'InvalidPassword') {
      setPassword('');
      setFieldError(words);
      input.current?.focus();
      return;
    }
    setLinkInvalid(!answer.ok && answer.code === 'LinkInvalid');
    setMessage(words);
  }

  return (
    <Page narrow>
      <form className={formStyles.form} onSubmit={submit} noValidate aria-busy={busy}>
        <h1>{c.setHeading}</h1>
        <p className={styles.intro}>{c.forAccount(email)}</p>
        {message ? <Alert kind="error">{message}</Alert> : null}
        {expired || linkInvalid ? <ButtonLink to="/reset-password">{c.requestNewReset}</ButtonLink> : null}
        {/* Lets password managers save the new password against the right account. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <TextField
          ref={input}
          label={c.newPassword}
          type="password"
          name="password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={fieldError}
          hint={c.atLeast(minimumPasswordLength.reset)}
          disabled={expired}
        />
        <Button type="submit" block disabled={busy}>
          {busy ? c.saving : c.setSubmit}
        </Button>
        <Link to="/signin">{c.backToSignIn}</Link>
      </form>
    </Page>
  );
}
