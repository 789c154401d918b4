import { useEffect, useRef } from 'react';
import { gaveUp, useRecentAuthentication } from '../credentials/confirm-identity.tsx';
import { useFailureText } from '../i18n/failure-text.ts';
import { useMessages } from '../i18n/messages.tsx';
import { useLocation, useNavigate } from '../routing/router.tsx';
import { useAccount, useSession } from '../session/session-context.tsx';
import { Alert, formStyles } from '../ui/alert.tsx';
import { Button, ButtonLink } from '../ui/button.tsx';
import { EmailField } from '../ui/form.tsx';
import { useForm } from '../ui/use-form.ts';
import styles from './account.module.css';
import { accountApi } from './api.ts';

/** SPEC §2 /help/privacy: delete account, confirmed with the member's email; then signed out at /. */
export function DeleteAccountSection() {
  const m = useMessages();
  const d = m.account.delete;
  const account = useAccount();
  const { logout } = useSession();
  const navigate = useNavigate();
  const { hash } = useLocation();
  const section = useRef<HTMLElement>(null);
  // "Delete account" on My details links here (#delete): after the scroll reset, bring it into view.
  useEffect(() => {
    if (hash === '#delete') section.current?.scrollIntoView();
  }, [hash]);
  const { guarded, confirmStep } = useRecentAuthentication();
  const failureText = useFailureText();
  const form = useForm({
    initial: { email: '' },
    validate: ({ email }) => {
      const typed = email.trim().toLowerCase();
      return { email: !typed ? d.emailRequired : typed !== account.email.toLowerCase() && d.mismatch };
    },
  });

  const submit = form.onSubmit(async ({ email }) => {
    // Needs a recent sign-in: the member may be asked to confirm who they are first.
    const answer = await guarded(() => accountApi.delete(email.trim().toLowerCase()));
    if (answer === gaveUp) return;
    if (answer.ok) {
      // SPEC §4: success logs out and navigates to /.
      logout(() => navigate('/', { replace: true, urgent: true, state: { modalMessage: d.deleted } }));
      return;
    }
    if (answer.code === 'DeleteConfirmMismatch') return { problems: { email: d.mismatch } };
    return { message: failureText(answer, { Unknown: d.failed }) };
  });

  return (
    <section ref={section} className={styles.card} id="delete" aria-labelledby="delete-heading">
      <h2 id="delete-heading">{m.privacy.deleteHeading}</h2>
      <p className={styles.lead}>{d.intro}</p>
      <p>{d.whatHappens}</p>
      <ul className={styles.list}>
        <li>{d.erased}</li>
        <li>{d.pointsEnd}</li>
        <li>{d.signedOut}</li>
        <li>{d.ledgerKept}</li>
      </ul>
      <form className={formStyles.form} onSubmit={submit} noValidate>
        {form.message ? <Alert kind="error">{form.message}</Alert> : null}
        <EmailField {...form.field('email')} label={d.confirmLabel} autoComplete="off" />
        <div className={formStyles.actions}>
          <Button type="submit" className={styles.danger} disabled={form.busy}>
            {form.busy ? d.deleting : d.submit}
          </Button>
          <ButtonLink to="/help/account" variant="secondary">
            {d.cancel}
          </ButtonLink>
        </div>
      </form>
      {confirmStep}
    </section>
  );
}
