import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import type { Failure } from '../api.ts';
import { useConfig } from '../config-context.tsx';
import { useMessages } from '../i18n/messages.tsx';
import { useAccount } from '../session/session-context.tsx';
import { Alert, formStyles } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { PasswordField } from '../ui/form.tsx';
import { useForm } from '../ui/use-form.ts';
import { credentialsApi } from './api.ts';
import styles from './confirm-identity.module.css';

/** What a guarded call answers when the member closed the "confirm it's you" step instead. */
export const gaveUp = Symbol('gave up');

/** True when the server refused a sensitive change for want of a recent sign-in (ASVS 6.2.3). */
function needsRecentAuthentication(result: { ok: boolean; code?: string }): boolean {
  return !result.ok && result.code === 'RecentAuthenticationRequired';
}

/**
 * For screens that make a sensitive change (password, email, passkeys, deletion). `guarded` runs the
 * call; when the server answers RecentAuthenticationRequired, it shows the "confirm it's you" step and,
 * once the member has confirmed, runs the call again. The screen stays mounted meanwhile, so whatever
 * the member typed is kept. Render `confirmStep` somewhere in the screen.
 */
export function useRecentAuthentication() {
  const [settle, setSettle] = useState<((confirmed: boolean) => void) | null>(null);

  const guarded = useCallback(
    async <R extends { ok: boolean }>(call: () => Promise<R>): Promise<R | typeof gaveUp> => {
      const first = await call();
      if (!needsRecentAuthentication(first)) return first;
      const confirmed = await new Promise<boolean>((resolve) => setSettle(() => resolve));
      return confirmed ? call() : gaveUp;
    },
    [],
  );

  const finish = useCallback(
    (confirmed: boolean) => {
      setSettle(null);
      settle?.(confirmed);
    },
    [settle],
  );

  const confirmStep: ReactNode = settle ? <ConfirmIdentityDialog onDone={finish} /> : null;

  return { guarded, confirmStep };
}

/** How often the email-link step asks whether the link has been opened. */
const linkPollMs = 2500;

/** The "confirm it's you" step: a passkey of this account, the password, or a link by email. */
function ConfirmIdentityDialog({ onDone }: { onDone: (confirmed: boolean) => void }) {
  const r = useMessages().reauth;
  const config = useConfig();
  const account = useAccount();
  const form = useForm({
    initial: { password: '' },
    validate: ({ password }) => ({ password: !password && r.passwordRequired }),
  });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'passkey' | 'link' | null>(null);
  const [linkSent, setLinkSent] = useState(false);
  const [hasPasskeys, setHasPasskeys] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const cancel = useCallback(() => onDone(false), [onDone]);

  // The passkey button is offered when this account has a passkey and the browser can use it.
  useEffect(() => {
    if (!config.enableWebAuthnLogins) return;
    let live = true;
    void (async () => {
      const [list, library] = await Promise.all([
        credentialsApi.passkeys(),
        import('@simplewebauthn/browser').catch(() => null),
      ]);
      if (live && list.ok && list.data.length > 0 && library?.browserSupportsWebAuthn()) {
        setHasPasskeys(true);
      }
    })();
    return () => {
      live = false;
    };
  }, [config.enableWebAuthnLogins]);

  // After the link is sent, carry on as soon as it has been opened (in another tab of this browser).
  useEffect(() => {
    if (!linkSent) return;
    const timer = setInterval(async () => {
      const status = await credentialsApi.reauthenticationStatus();
      if (status.ok && status.data.recentlyAuthenticated) onDone(true);
    }, linkPollMs);
    return () => clearInterval(timer);
  }, [linkSent, onDone]);

  function explain(failure: Failure, fallback: string): string {
    switch (failure.code) {
      case 'IncorrectPassword':
        return r.incorrectPassword;
      case 'TooManyAttempts':
        return r.tooManyAttempts;
      case 'TooManyRequests':
        return r.recentlySent;
      default:
        return fallback;
    }
  }

  const passwordField = form.field('password');
  const withPassword = form.onSubmit(async ({ password }) => {
    if (busy) return;
    setError(null);
    const answer = await credentialsApi.reauthenticateWithPassword(password);
    if (answer.ok) {
      onDone(true);
      return;
    }
    const cleared = { reset: { password: '' }, problems: { password: true } };
    if (answer.code === 'IncorrectPassword')
      return { ...cleared, problems: { password: r.incorrectPassword } };
    return { ...cleared, message: explain(answer, r.failed) };
  });

  async function withPasskey() {
    if (busy) return;
    setBusy('passkey');
    setError(null);
    try {
      const { startAuthentication } = await import('@simplewebauthn/browser');
      const options = await credentialsApi.reauthenticationPasskeyOptions();
      if (!options.ok || !options.options) {
        setError(r.passkeyFailed);
        return;
      }
      const response = await startAuthentication({ optionsJSON: options.options });
      const answer = await credentialsApi.reauthenticateWithPasskey(response);
      if (answer.ok) return onDone(true);
      setError(r.passkeyFailed);
    } catch (failure) {
      // Closing the browser's passkey prompt is a choice, not an error.
      const name = (failure as { name?: string }).name;
      if (name !== 'NotAllowedError' && name !== 'AbortError') setError(r.passkeyFailed);
    } finally {
      setBusy(null);
    }
  }

  async function withEmailedLink() {
    if (busy) return;
    setBusy('link');
    setError(null);
    const answer = await credentialsApi.requestReauthenticationLink();
    setBusy(null);
    if (answer.ok) setLinkSent(true);
    else setError(explain(answer, r.failed));
  }

  return (
    <Dialog title={r.heading} initialFocus={input} onClose={cancel}>
      <p className={styles.intro}>{r.intro}</p>
      {error ? <Alert kind="error">{error}</Alert> : null}
      {linkSent ? <Alert kind="info">{r.linkSent(account.email)}</Alert> : null}
      {hasPasskeys ? (
        <>
          <Button block onClick={() => void withPasskey()} disabled={busy !== null || form.busy}>
            {busy === 'passkey' ? r.passkeyWaiting : r.usePasskey}
          </Button>
          <p className={styles.or}>{r.orPassword}</p>
        </>
      ) : null}
      {form.message ? <Alert kind="error">{form.message}</Alert> : null}
      <form className={formStyles.form} onSubmit={withPassword} noValidate>
        <PasswordField
          {...passwordField}
          ref={(element) => {
            passwordField.ref(element);
            input.current = element;
          }}
          username={account.email}
          label={r.password}
          name="current-password"
          autoComplete="current-password"
        />
        <Button
          type="submit"
          variant={hasPasskeys ? 'secondary' : 'primary'}
          block
          disabled={busy !== null || form.busy}
        >
          {form.busy ? r.confirming : r.confirm}
        </Button>
      </form>
      <div className={styles.actions}>
        {config.enableMagicLinkLogins && !linkSent ? (
          <Button variant="link" onClick={() => void withEmailedLink()} disabled={busy !== null || form.busy}>
            {busy === 'link' ? r.sendingLink : r.emailLink}
          </Button>
        ) : null}
        <Button variant="link" onClick={cancel}>
          {r.cancel}
        </Button>
      </div>
    </Dialog>
  );
}
