import { type FormEvent, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { gaveUp, useRecentAuthentication } from '../credentials/confirm-identity.tsx';
import { useFailureText } from '../i18n/failure-text.ts';
import { useMessages } from '../i18n/messages.tsx';
import { useAccount, useSession } from '../session/session-context.tsx';
import { Button, ButtonLink } from '../ui/button.tsx';
import { Alert, formStyles, TextField } from '../ui/form.tsx';
import { Page } from '../ui/page.tsx';
import { usePageTitle } from '../ui/page-title.tsx';
import styles from './account.module.css';
import { accountApi } from './api.ts';

/** SPEC §2 /help/privacy: delete account, confirmed with the member's email; then signed out at /. */
export default function DeleteAccountScreen() {
  const m = useMessages();
  const d = m.account.delete;
  const account = useAccount();
  const { logout } = useSession();
  const navigate = useNavigate();
  usePageTitle(m.titles.privacy);
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const { guarded, confirmStep } = useRecentAuthentication();
  const failureText = useFailureText();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFormError(null);
    const typed = email.trim().toLowerCase();
    if (!typed || typed !== account.email.toLowerCase()) {
      setFieldError(typed ? d.mismatch : d.emailRequired);
      input.current?.focus();
      return;
    }
    setFieldError(null);
    setBusy(true);
    // Needs a recent sign-in: the member may be asked to confirm who they are first.
    const answer = await guarded(() => accountApi.delete(typed));
    if (answer === gaveUp) {
      setBusy(false);
      return;
    }
    if (answer.ok) {
      // SPEC §4: success logs out and navigates to /.
      await logout();
      await navigate('/', { replace: true, state: { modalMessage: d.deleted } });
      return;
    }
    setBusy(false);
    setFormError(
      answer.code === 'DeleteConfirmMismatch' ? d.mismatch : failureText(answer, { Unknown: d.failed }),
    );
  };

  return (
    <Page narrow>
      <h1>{m.titles.privacy}</h1>
      <p className={styles.lead}>{d.intro}</p>
      <p>{d.whatHappens}</p>
      <ul className={styles.list}>
        <li>{d.erased}</li>
        <li>{d.pointsEnd}</li>
        <li>{d.signedOut}</li>
        <li>{d.ledgerKept}</li>
      </ul>
      <form className={formStyles.form} onSubmit={(event) => void submit(event)} noValidate>
        {formError ? <Alert kind="error">{formError}</Alert> : null}
        <TextField
          ref={input}
          label={d.confirmLabel}
          type="email"
          autoComplete="off"
          spellCheck={false}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={fieldError}
        />
        <div className={styles.actions}>
          <Button type="submit" className={styles.danger} disabled={busy}>
            {busy ? d.deleting : d.submit}
          </Button>
          <ButtonLink to="/help/account" variant="secondary">
            {d.cancel}
          </ButtonLink>
        </div>
      </form>
      {confirmStep}
    </Page>
  );
}
