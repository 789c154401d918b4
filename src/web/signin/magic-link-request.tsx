import { useEffect, useRef, useState } from 'react';
import { signInPath } from '#shared/domain/after-sign-in.ts';
import { normaliseEmailInput } from '#shared/domain/sign-in-rules.ts';
import { useConfig } from '../config-context.tsx';
import { useFailureText } from '../i18n/failure-text.ts';
import { useMessages } from '../i18n/messages.tsx';
import { Link } from '../routing/links.tsx';
import { useSearchParams } from '../routing/router.tsx';
import { Alert, formStyles } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { EmailField } from '../ui/form.tsx';
import { useHydrated } from '../ui/lazy-screen.ts';
import { useForm } from '../ui/use-form.ts';
import { signInApi } from './api.ts';
import { PasskeySignIn } from './passkey-sign-in.tsx';
import styles from './signin.module.css';

/**
 * SPEC §2 Magic-link request: an email field and an email-link button; it auto-submits when an
 * `email` query parameter is present, and shows a sent message on success. Passkeys sit beside it.
 */
export function MagicLinkRequest({ passkeyFirst = false }: { passkeyFirst?: boolean }) {
  const config = useConfig();
  const m = useMessages();
  const c = m.credentials;
  const [params] = useSearchParams();
  const initialEmail = normaliseEmailInput(params.get('email') ?? '').trim();
  const failureText = useFailureText();
  const form = useForm({
    normalise: { email: normaliseEmailInput },
    initial: { email: initialEmail },
    // SPEC §5: the email must be non-blank.
    validate: ({ email }) => ({ email: email.trim() === '' && m.signIn.emailRequired }),
  });
  const hydrated = useHydrated();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const autoSubmitted = useRef(false);

  const send = form.onSubmit(async ({ email }) => {
    const result = await signInApi.requestLink(email.trim(), params.get('next'));
    if (result.ok) {
      setSentTo(email.trim());
      return;
    }
    if (result.fieldErrors.email) return { problems: { email: m.signIn.emailInvalid } };
    return {
      message: failureText(result, { Unknown: c.magicRequestFailed, Unreachable: c.magicRequestFailed }),
    };
  });

  // SPEC §2: an `email` query parameter submits the request straight away (once).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, for the address the page was opened with
  useEffect(() => {
    if (autoSubmitted.current || initialEmail === '') return;
    autoSubmitted.current = true;
    void send();
  }, []);

  const passwordLink = (
    <p className={styles.alternative}>
      <Link to={signInPath(params.get('next'), { method: 'password' })}>{m.signIn.usePassword}</Link>
    </p>
  );

  if (sentTo) {
    return (
      <div className={formStyles.form}>
        <h1 className={styles.heading}>{c.sentTitle}</h1>
        <Alert kind="success">{c.magicSent(sentTo)}</Alert>
        <Button
          variant="secondary"
          block
          onClick={() => {
            setSentTo(null);
            form.set('email', '');
          }}
        >
          {c.useAnotherEmail}
        </Button>
        {passwordLink}
      </div>
    );
  }

  const heading = <h1 className={styles.heading}>{m.signIn.heading}</h1>;
  return (
    <div>
      {passkeyFirst ? (
        <>
          {heading}
          <PasskeySignIn email={form.values.email} first />
        </>
      ) : null}
      <form className={formStyles.form} onSubmit={send} noValidate>
        {passkeyFirst ? null : heading}
        <p className={styles.intro}>{c.magicIntro}</p>
        {form.message ? <Alert kind="error">{form.message}</Alert> : null}
        <EmailField {...form.field('email')} label={m.signIn.email} autoComplete="username webauthn" />
        <Button type="submit" block disabled={form.busy || !hydrated}>
          {form.busy ? c.sending : c.emailLink}
        </Button>
      </form>
      {config.enableWebAuthnLogins && !passkeyFirst ? <PasskeySignIn email={form.values.email} /> : null}
      {passwordLink}
    </div>
  );
}
