import { useCallback, useEffect, useRef, useState } from 'react';
import { afterSignInPath } from '#shared/domain/after-sign-in.ts';
import { useConfig } from '../config-context.tsx';
import type { PasskeyLoginOutcome } from '../credentials/passkey-login.ts';
import { useFailureText } from '../i18n/failure-text.ts';
import { useMessages } from '../i18n/messages.tsx';
import { useNavigate, useSearchParams } from '../routing/router.tsx';
import { useSession } from '../session/session-context.tsx';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { signInApi } from './api.ts';
import styles from './signin.module.css';

type PasskeyLoginModule = typeof import('../credentials/passkey-login.ts');
let loadedModule: PasskeyLoginModule | null = null;

// The WebAuthn library is fetched only when a passkey is offered or used (first-load budget).
async function loadPasskeyLogin(): Promise<PasskeyLoginModule> {
  loadedModule ??= await import('../credentials/passkey-login.ts');
  return loadedModule;
}

function hasWebAuthn(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

/**
 * Passkey sign-in on /signin (SPEC §2, §7): a "Sign in with a passkey" button, and passkey autofill
 * (conditional UI) on the form's email field, whose autocomplete includes `webauthn`. When the
 * passkey does not work and an email was typed, it falls back to emailing a magic link (§8).
 * `first`: offered before the form, as the main button (this browser last used a passkey).
 */
export function PasskeySignIn({ email, first = false }: { email: string; first?: boolean }) {
  const config = useConfig();
  const m = useMessages().credentials;
  const session = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ kind: 'error' | 'info'; text: string } | null>(null);
  const emailRef = useRef(email);
  emailRef.current = email;
  const generation = useRef(0);
  const next = params.get('next');
  const { signedIn } = session;
  const failureText = useFailureText();

  const succeeded = useCallback(
    (outcome: PasskeyLoginOutcome): boolean => {
      if (!outcome.success || !outcome.account) return false;
      signedIn(outcome.account, outcome.googlePay ?? null);
      void navigate(afterSignInPath(next));
      return true;
    },
    [signedIn, navigate, next],
  );

  /** Offers the member's passkeys in the email field's autofill until one is chosen or we leave. */
  const armAutofill = useCallback(async () => {
    if (!hasWebAuthn()) return;
    const mine = ++generation.current;
    let module: PasskeyLoginModule;
    try {
      module = await loadPasskeyLogin();
    } catch {
      return;
    }
    // A few rounds at most: an expired or refused choice re-offers the passkeys, a broken browser does not loop.
    for (let round = 0; round < 3 && generation.current === mine; round++) {
      const outcome = await module.loginWithPasskey({ email: '', autofill: true });
      if (generation.current !== mine || outcome.unsupported || outcome.aborted) return;
      if (succeeded(outcome)) return;
      if (outcome.failure)
        setNotice({ kind: 'error', text: failureText(outcome.failure, { Unknown: m.passkeyFailed }) });
    }
  }, [succeeded, failureText, m.passkeyFailed]);

  useEffect(() => {
    void armAutofill();
    return () => {
      generation.current++;
      // Only a loaded module can have a ceremony pending.
      loadedModule?.cancelPasskeyCeremony();
    };
  }, [armAutofill]);

  async function failOver(address: string) {
    const sent = await signInApi.requestLink(address, next);
    setNotice(
      sent.ok
        ? { kind: 'info', text: m.passkeyFailOver(address) }
        : { kind: 'error', text: failureText(sent, { Unknown: m.passkeyFailed }) },
    );
  }

  async function signInWithPasskey() {
    if (!hasWebAuthn()) {
      setNotice({ kind: 'error', text: m.passkeysUnsupported });
      return;
    }
    generation.current++;
    setBusy(true);
    setNotice(null);
    let outcome: PasskeyLoginOutcome;
    try {
      const module = await loadPasskeyLogin();
      outcome = await module.loginWithPasskey({ email: emailRef.current, autofill: false });
    } catch {
      outcome = { success: false };
    }
    setBusy(false);
    if (succeeded(outcome)) return;
    const address = emailRef.current.trim();
    if (outcome.unsupported) setNotice({ kind: 'error', text: m.passkeysUnsupported });
    else if (outcome.failOver && address && config.enableMagicLinkLogins) await failOver(address);
    else if (!outcome.aborted) {
      setNotice({
        kind: 'error',
        text: outcome.failure ? failureText(outcome.failure, { Unknown: m.passkeyFailed }) : m.passkeyFailed,
      });
    }
    void armAutofill();
  }

  const or = (
    <p className={styles.or}>
      <span>{m.or}</span>
    </p>
  );
  // First (this browser last signed in with a passkey): the main button, then "or" and the form.
  return (
    <div className={first ? styles.passkeyFirst : styles.passkey}>
      {first ? null : or}
      {notice ? <Alert kind={notice.kind}>{notice.text}</Alert> : null}
      <Button
        variant={first ? 'primary' : 'secondary'}
        block
        disabled={busy}
        onClick={() => void signInWithPasskey()}
      >
        {busy ? m.passkeyWaiting : m.passkeySignIn}
      </Button>
      {first ? or : null}
    </div>
  );
}
