import { useState } from 'react';
import { minimumPasswordLength } from '#shared/domain/password-rules.ts';
import { useFailureText } from '../i18n/failure-text.ts';
import { useMessages } from '../i18n/messages.tsx';
import { Link } from '../routing/links.tsx';
import { useNavigate, useSearchParams } from '../routing/router.tsx';
import { useSession } from '../session/session-context.tsx';
import { Alert, formStyles } from '../ui/alert.tsx';
import { Button, ButtonLink } from '../ui/button.tsx';
import { PasswordField } from '../ui/form.tsx';
import { Page } from '../ui/page.tsx';
import { usePageTitle } from '../ui/page-title.tsx';
import { useForm } from '../ui/use-form.ts';
import { credentialsApi } from './api.ts';
import styles from './credentials.module.css';

/**
 * SPEC §2 Reset password page (/set-new-password?email=…&token=…): a new password of at least 6
 * characters (§5). Success signs in and goes to / (§4); an expired link keeps the page busy; an
 * invalid password clears the field (§8).
 */
export default function SetNewPasswordScreen() {
  const m = useMessages();
  const c = m.credentialScreens;
  const failureText = useFailureText();
  usePageTitle(m.pageTitles.resetPassword);
  const [params] = useSearchParams();
  const email = (params.get('email') ?? '').trim().toLowerCase();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const { signedIn } = useSession();
  const [expired, setExpired] = useState(false);
  const [linkInvalid, setLinkInvalid] = useState(false);
  const form = useForm({
    initial: { password: '' },
    validate: ({ password }) => ({
      password: password.length < minimumPasswordLength.reset && c.tooShort(minimumPasswordLength.reset),
    }),
  });

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

  const submit = form.onSubmit(async ({ password }) => {
    if (expired) return;
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
    const code = answer.ok ? null : answer.code;
    // SPEC §8: an expired link keeps the page busy; only a new link helps.
    setExpired(code === 'LinkExpired');
    setLinkInvalid(code === 'LinkInvalid');
    if (code === 'InvalidPassword') return { problems: { password: words }, reset: { password: '' } };
    return { message: words };
  });

  return (
    <Page narrow>
      <form className={formStyles.form} onSubmit={submit} noValidate aria-busy={form.busy || expired}>
        <h1>{c.setHeading}</h1>
        <p className={styles.intro}>{c.forAccount(email)}</p>
        {form.message ? <Alert kind="error">{form.message}</Alert> : null}
        {expired || linkInvalid ? <ButtonLink to="/reset-password">{c.requestNewReset}</ButtonLink> : null}
        <PasswordField
          {...form.field('password')}
          username={email}
          label={c.newPassword}
          autoComplete="new-password"
          hint={c.atLeast(minimumPasswordLength.reset)}
          disabled={expired}
        />
        <Button type="submit" block disabled={form.busy || expired}>
          {form.busy || expired ? c.saving : c.setSubmit}
        </Button>
        <Link to="/signin">{c.backToSignIn}</Link>
      </form>
    </Page>
  );
}
