import { afterSignInPath, signInPath } from '#shared/domain/after-sign-in.ts';
import { normaliseEmailInput, signInProblems } from '#shared/domain/sign-in-rules.ts';
import { useConfig } from '../config-context.tsx';
import { useFailureText } from '../i18n/failure-text.ts';
import { useMessages } from '../i18n/messages.tsx';
import { Link } from '../routing/links.tsx';
import { useNavigate, useSearchParams } from '../routing/router.tsx';
import { useSession } from '../session/session-context.tsx';
import { Button } from '../ui/button.tsx';
import { Alert, EmailField, formStyles, PasswordField } from '../ui/form.tsx';
import { useHydrated } from '../ui/lazy-screen.ts';
import { useForm } from '../ui/use-form.ts';
import { signInApi } from './api.ts';
import { PasskeySignIn } from './passkey-sign-in.tsx';
import styles from './signin.module.css';

/** SPEC §2 Sign in: email and password, a forgot-password link, and a Sign in button. */
export function PasswordSignInForm({ passkeyFirst = false }: { passkeyFirst?: boolean }) {
  const m = useMessages().signIn;
  const config = useConfig();
  const session = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const failureText = useFailureText();
  const form = useForm({
    normalise: { email: normaliseEmailInput },
    initial: { email: normaliseEmailInput(params.get('email') ?? ''), password: '' },
    validate: ({ email, password }) => signInProblems(email, password),
  });
  const hydrated = useHydrated();
  const { email, password } = form.values;

  const submit = form.onSubmit(async ({ email, password }) => {
    const result = await signInApi.withPassword(email, password);
    if (result.ok && result.data.account) {
      session.signedIn(result.data.account, result.data.googlePay ?? null);
      await navigate(afterSignInPath(params.get('next')));
      return;
    }
    if (!result.ok && result.code === 'IncorrectPassword') {
      // Only the password is flagged: the email may well be right. The §8 message
      // says what went wrong, so the cleared field does not add "Enter your password" to it.
      return { message: m.incorrectPassword, problems: { password: true }, reset: { password: '' } };
    }
    return { message: result.ok ? m.failed : failureText(result, { SignInNotAllowed: m.failed }) };
  });

  const heading = <h1 className={styles.heading}>{m.heading}</h1>;
  return (
    <div>
      {passkeyFirst ? (
        <>
          {heading}
          <PasskeySignIn email={email} first />
        </>
      ) : null}
      <form className={formStyles.form} onSubmit={submit} noValidate>
        {passkeyFirst ? null : heading}
        {form.message ? <Alert kind="error">{form.message}</Alert> : null}
        <EmailField
          {...form.field('email')}
          label={m.email}
          name="email"
          autoComplete="username webauthn"
          error={form.problems.email && email.trim() === '' ? m.emailRequired : null}
        />
        <PasswordField
          {...form.field('password')}
          label={m.password}
          autoComplete="current-password"
          error={form.problems.password && password === '' && !form.message ? m.passwordRequired : null}
        />
        <div className={styles.links}>
          <Link to="/reset-password">{m.forgotPassword}</Link>
        </div>
        <Button type="submit" block disabled={form.busy || !hydrated}>
          {form.busy ? m.submitting : m.submit}
        </Button>
      </form>
      {config.enableWebAuthnLogins && !passkeyFirst ? <PasskeySignIn email={email} /> : null}
      {config.enableMagicLinkLogins ? (
        <p className={styles.alternative}>
          <Link to={signInPath(params.get('next'), { method: 'link' })}>{m.useLink}</Link>
        </p>
      ) : null}
    </div>
  );
}
