import { type FormEvent, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { normaliseEmailInput } from '#shared/domain/sign-in-rules.ts';
import { useFailureText } from '../i18n/failure-text.ts';
import { useMessages } from '../i18n/messages.tsx';
import { Button } from '../ui/button.tsx';
import { Alert, formStyles, TextField } from '../ui/form.tsx';
import { Page } from '../ui/page.tsx';
import { usePageTitle } from '../ui/page-title.tsx';
import { credentialsApi } from './api.ts';
import styles from './credentials.module.css';

/** SPEC §2 /reset-password: asks for a reset email; the same answer whether or not the email is a member's. */
export default function ResetPasswordScreen() {
  const m = useMessages();
  const c = m.credentials;
  const failureText = useFailureText();
  usePageTitle(m.titles.resetPassword);
  const [params] = useSearchParams();
  const [email, setEmail] = useState(normaliseEmailInput(params.get('email') ?? ''));
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    // SPEC §5: the email must be non-blank.
    if (email.trim() === '') {
      setFieldError(m.signIn.emailRequired);
      setMessage(null);
      input.current?.focus();
      return;
    }
    setBusy(true);
    setFieldError(null);
    setMessage(null);
    const answer = await credentialsApi.requestPasswordReset(email.trim());
    setBusy(false);
    if (answer.ok) {
      setSentTo(email.trim());
      return;
    }
    if (answer.fieldErrors.username) {
      setFieldError(m.signIn.emailInvalid);
      input.current?.focus();
      return;
    }
    // SPEC §8: a missing result or failure shows the message or a technical problem.
    setMessage(failureText(answer, { Unknown: c.resetRequestFailed, Unreachable: c.resetRequestFailed }));
  }

  return (
    <Page narrow>
      {sentTo ? (
        <div className={formStyles.form}>
          <h1>{c.sentTitle}</h1>
          <Alert kind="success">{c.resetSent(sentTo)}</Alert>
          <Link to="/signin">{c.backToSignIn}</Link>
        </div>
      ) : (
        <form className={formStyles.form} onSubmit={submit} noValidate>
          <h1>{c.resetHeading}</h1>
          <p className={styles.intro}>{c.resetIntro}</p>
          {message ? <Alert kind="error">{message}</Alert> : null}
          <TextField
            ref={input}
            label={m.signIn.email}
            type="email"
            name="email"
            autoComplete="username"
            inputMode="email"
            value={email}
            onChange={(event) => setEmail(normaliseEmailInput(event.target.value))}
            error={fieldError}
          />
          <Button type="submit" block disabled={busy}>
            {busy ? c.sending : c.resetSubmit}
          </Button>
          <Link to="/signin">{c.backToSignIn}</Link>
        </form>
      )}
    </Page>
  );
}
