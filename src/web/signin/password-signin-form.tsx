import { afterSignInPath, signInPath } from '#shared/domain/after-sign-in.ts';
import { normaliseEmailInput, signInProblems } from '#shared/domain/sign-in-rules.ts';
import type { FailureCode } from '../api.ts';
import { useConfig } from '../config-context.tsx';
import { useFailureText } from '../i18n/failure-text.ts';
import { useMessages } from '../i18n/messages.tsx';
import { Link } from '../routing/links.tsx';
import { useNavigate, useSearchParams } from '../routing/router.tsx';
import { useSession } from '../session/session-context.tsx';
import { Alert, formStyles } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { EmailField, PasswordField } from '../ui/form.tsx';
import { useHydrated } from '../ui/lazy-screen.ts';
import { useForm } from '../ui/use-form.ts';
import { signInApi } from './api.ts';
import { PasskeySignIn } from './passkey-sign-in.tsx';
import styles from './signin.module.css';

/** Sign-in failures with words of their own; any other shows SPEC §8's default failure. */
const ownFailureWords: readonly FailureCode[] = ['AlreadyLoggedIn', 'TooManyAttempts', 'TooManyRequests'];

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
      // SPEC §8: the password is cleared and the fields are flagged. Both: the server answers an
      // unknown email and a wrong password alike, so either may be the wrong one. The message says
      // what went wrong, so the cleared field does not add "Enter your password" to it.
      return {
        message: m.incorrectPassword,
        problems: { email: true, password: true },
        reset: { password: '' },
      };
    }
    // SPEC §8's default failure for every failure without a message of its own: no answer, a server
    // fault, a refused sign-in. The rate limits keep theirs: "please try again" at once would fail.
    const own = !result.ok && ownFailureWords.includes(result.code);
    return { message: own ? failureText(result) : m.failed };
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
