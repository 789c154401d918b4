import { useState } from 'react';
import { normaliseEmailInput } from '#shared/domain/sign-in-rules.ts';
import { useFailureText } from '../i18n/failure-text.ts';
import { useMessages } from '../i18n/messages.tsx';
import { Link } from '../routing/links.tsx';
import { useSearchParams } from '../routing/router.tsx';
import { Alert, formStyles } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { EmailField } from '../ui/form.tsx';
import { Page } from '../ui/page.tsx';
import { usePageTitle } from '../ui/page-title.tsx';
import { useForm } from '../ui/use-form.ts';
import { credentialsApi } from './api.ts';
import styles from './credentials.module.css';

/** SPEC §2 /reset-password: asks for a reset email; the same answer whether or not the email is a member's. */
export default function ResetPasswordScreen() {
  const m = useMessages();
  const c = m.credentialScreens;
  const failureText = useFailureText();
  usePageTitle(m.pageTitles.resetPassword);
  const [params] = useSearchParams();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({
    normalise: { email: normaliseEmailInput },
    initial: { email: normaliseEmailInput(params.get('email') ?? '') },
    // SPEC §5: the email must be non-blank.
    validate: ({ email }) => ({ email: email.trim() === '' && m.signIn.emailRequired }),
  });

  const submit = form.onSubmit(async ({ email }) => {
    const answer = await credentialsApi.requestPasswordReset(email.trim());
    if (answer.ok) {
      setSentTo(email.trim());
      return;
    }
    if (answer.fieldErrors.username) return { problems: { email: m.signIn.emailInvalid } };
    // SPEC §8: a missing result or failure shows the message or a technical problem.
    return {
      message: failureText(answer, { Unknown: c.resetRequestFailed, Unreachable: c.resetRequestFailed }),
    };
  });

  return (
    <Page narrow>
      {sentTo ? (
        <div className={formStyles.form}>
          <h1>{m.credentials.sentTitle}</h1>
          <Alert kind="success">{c.resetSent(sentTo)}</Alert>
          <Link to="/signin">{c.backToSignIn}</Link>
        </div>
      ) : (
        <form className={formStyles.form} onSubmit={submit} noValidate>
          <h1>{c.resetHeading}</h1>
          <p className={styles.intro}>{c.resetIntro}</p>
          {form.message ? <Alert kind="error">{form.message}</Alert> : null}
          <EmailField {...form.field('email')} label={m.signIn.email} autoComplete="username" />
          <Button type="submit" block disabled={form.busy}>
            {form.busy ? m.credentials.sending : c.resetSubmit}
          </Button>
          <Link to="/signin">{c.backToSignIn}</Link>
        </form>
      )}
    </Page>
  );
}
