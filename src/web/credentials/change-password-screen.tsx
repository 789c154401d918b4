import { type FormEvent, useRef, useState } from 'react';
import type { changePasswordEndpoint } from '#shared/api/credentials.ts';
import type { ResponseOf } from '#shared/api/endpoint.ts';
import { minimumPasswordLength } from '#shared/domain/password-rules.ts';
import { callApi } from '../api.ts';
import { useMessages } from '../i18n/messages.tsx';
import { useAccount } from '../session/session-context.tsx';
import { Button } from '../ui/button.tsx';
import { Alert, formStyles, TextField } from '../ui/form.tsx';
import { Page } from '../ui/page.tsx';
import { usePageTitle } from '../ui/page-title.tsx';
import { gaveUp, useRecentAuthentication } from './confirm-identity.tsx';
import styles from './credentials.module.css';

type ChangeAnswer = ResponseOf<typeof changePasswordEndpoint>;

/**
 * SPEC §2 /help/security: change password. Under 8 characters the field is flagged and nothing is
 * sent (§5); states idle, busy, done (§4); success and failure messages of §8. A session signed in
 * too long ago is asked to confirm who it is first, then the change goes ahead with the same password.
 */
export default function ChangePasswordScreen() {
  const m = useMessages();
  const c = m.credentials;
  usePageTitle(m.titles.security);
  const account = useAccount();
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [state, setState] = useState<'idle' | 'busy' | 'done'>('idle');
  const input = useRef<HTMLInputElement>(null);
  const { guarded, confirmStep } = useRecentAuthentication();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (state === 'busy') return;
    if (password.length < minimumPasswordLength.change) {
      setFieldError(c.tooShort(minimumPasswordLength.change));
      setMessage(null);
      setState('idle');
      input.current?.focus();
      return;
    }
    setState('busy');
    setFieldError(null);
    setMessage(null);
    const result = await guarded(() => callApi<ChangeAnswer>('/api/change-password', { body: { password } }));
    if (result === gaveUp) {
      setState('idle');
      return;
    }
    const answer = result && typeof result === 'object' ? result : null;
    if (answer?.success) {
      setPassword('');
      setState('done');
      return;
    }
    setState('idle');
    if (answer?.invalidPassword) {
      setPassword('');
      setFieldError(answer.message || c.setPasswordFailed);
      input.current?.focus();
      return;
    }
    setMessage(answer?.message || c.setPasswordFailed);
  }

  return (
    <Page narrow>
      <form className={formStyles.form} onSubmit={submit} noValidate aria-busy={state === 'busy'}>
        <h1>{m.titles.security}</h1>
        <p className={styles.intro}>{c.changeIntro}</p>
        {state === 'done' ? <Alert kind="success">{c.changed}</Alert> : null}
        {message ? <Alert kind="error">{message}</Alert> : null}
        <input type="email" name="username" autoComplete="username" value={account.email} readOnly hidden />
        <TextField
          ref={input}
          label={c.newPassword}
          type="password"
          name="password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            if (state === 'done') setState('idle');
          }}
          error={fieldError}
          hint={c.atLeast(minimumPasswordLength.change)}
        />
        <Button type="submit" block disabled={state === 'busy'}>
          {state === 'busy' ? c.saving : c.changeSubmit}
        </Button>
      </form>
      {confirmStep}
    </Page>
  );
}
