import { type ReactNode, useState } from 'react';
import { minimumPasswordLength } from '#shared/domain/password-rules.ts';
import type { FailureCode } from '../api.ts';
import { useFailureText } from '../i18n/failure-text.ts';
import { useMessages } from '../i18n/messages.tsx';
import { useAccount, useSession } from '../session/session-context.tsx';
import { Alert, formStyles } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { PasswordField } from '../ui/form.tsx';
import { Page } from '../ui/page.tsx';
import { usePageTitle } from '../ui/page-title.tsx';
import { useForm } from '../ui/use-form.ts';
import { credentialsApi } from './api.ts';
import { gaveUp, useRecentAuthentication } from './confirm-identity.tsx';
import styles from './credentials.module.css';

/** Change failures with words of their own; any other shows SPEC §8's change failure. */
const ownFailureWords: readonly FailureCode[] = ['TooManyRequests', 'LOGIN_REQUIRED'];

/**
 * SPEC §2 /help/security: the member's sign-in and security page, whose first part is the password:
 * change it, or set one when the member never had one (invited by link or passkey). Under 8
 * characters the field is flagged and nothing is sent (§5); states idle, busy, done (§4); success and
 * failure messages of §8. A session signed in too long ago is asked to confirm who it is first, then
 * the change goes ahead with the same password. `children` follow the password on the page (passkeys
 * and where the member is signed in: security-screen.tsx).
 */
export default function ChangePasswordScreen({ children }: { children?: ReactNode }) {
  const m = useMessages();
  const c = m.credentialScreens;
  usePageTitle(m.pageTitles.security);
  const account = useAccount();
  const { refresh } = useSession();
  // Absent from an older server's answer: then the member is taken to have one, as before.
  const hasPassword = account.hasPassword !== false;
  const failureText = useFailureText();
  // Which it was, kept at the moment of success: the refresh below soon says the member has one.
  const [done, setDone] = useState<'set' | 'changed' | null>(null);
  const form = useForm({
    initial: { password: '' },
    validate: ({ password }) => ({
      password: password.length < minimumPasswordLength.change && c.tooShort(minimumPasswordLength.change),
    }),
  });
  const { guarded, confirmStep } = useRecentAuthentication();

  const submit = form.onSubmit(async ({ password }) => {
    setDone(null);
    const result = await guarded(() => credentialsApi.changePassword(password));
    if (result === gaveUp) return;
    if (result.ok) {
      setDone(hasPassword ? 'changed' : 'set');
      // The account now has a password: the page words it so from here on.
      if (!hasPassword) void refresh();
      return { reset: { password: '' } };
    }
    if (result.code === 'InvalidPassword')
      return { problems: { password: failureText(result) }, reset: { password: '' } };
    // SPEC §8: "Sorry, could not set new password, please try again." for every failure without
    // words of its own: no answer, a server fault. A rate limit and a lapsed session say what to do.
    const own = ownFailureWords.includes(result.code);
    return { message: own ? failureText(result) : c.setPasswordFailed };
  });

  return (
    <Page narrow>
      <h1>{m.pageTitles.security}</h1>
      <p className={styles.intro}>{c.securityIntro}</p>
      <form
        className={`${formStyles.form} ${styles.section}`}
        onSubmit={submit}
        noValidate
        aria-busy={form.busy}
      >
        <h2 id="password-heading">{c.passwordHeading}</h2>
        <p className={styles.intro}>{hasPassword || done ? c.changeIntro : c.setIntro}</p>
        {done ? <Alert kind="success">{done === 'changed' ? c.changed : c.passwordSet}</Alert> : null}
        {form.message ? <Alert kind="error">{form.message}</Alert> : null}
        <PasswordField
          {...form.field('password')}
          username={account.email}
          label={c.newPassword}
          autoComplete="new-password"
          onChange={(event) => {
            form.set('password', event.target.value);
            setDone(null);
          }}
          hint={c.atLeast(minimumPasswordLength.change)}
        />
        <Button type="submit" block disabled={form.busy}>
          {form.busy ? c.saving : hasPassword ? c.changeSubmit : c.setPasswordSubmit}
        </Button>
      </form>
      {confirmStep}
      {children}
    </Page>
  );
}
