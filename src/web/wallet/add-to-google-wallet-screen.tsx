import { useCallback, useEffect, useRef, useState } from 'react';
import { useMessages } from '../i18n/messages.tsx';
import { Navigate } from '../routing/links.tsx';
import { useSearchParams } from '../routing/router.tsx';
import { useSession } from '../session/session-context.tsx';
import { Alert } from '../ui/alert.tsx';
import { Button, ButtonLink } from '../ui/button.tsx';
import { Page } from '../ui/page.tsx';
import { usePageTitle } from '../ui/page-title.tsx';
import { googleWalletPass } from './api.ts';
import styles from './wallet.module.css';

type Phase = { name: 'loading' | 'redirecting' | 'loginFirst' | 'failed' };

/** Where a signed-out visitor goes: sign in, then come back here (SPEC §2 Add to Google Wallet page). */
function signInPathFor(email: string | null): string {
  const params = new URLSearchParams({ next: 'add-to-google-wallet' });
  const lowercased = email?.trim().toLowerCase();
  if (lowercased) params.set('email', lowercased);
  return `/signin?${params.toString()}`;
}

/**
 * SPEC §2 /add-to-google-wallet and §4 Google wallet: a loading message; signed out (and no token)
 * goes to sign in; signed in or with a token, requests the pass and sends the browser to its
 * saveUrl; the §8 login-first and technical-problem messages otherwise.
 */
export default function AddToGoogleWalletScreen() {
  const m = useMessages().wallet;
  const { state } = useSession();
  const [params] = useSearchParams();
  const token = params.get('token');
  const [phase, setPhase] = useState<Phase>({ name: 'loading' });
  const requested = useRef(false);
  const title = useMessages().pageTitles.addToGoogleWallet;
  usePageTitle(title);

  const knownSaveUrl = !token && state.status === 'authenticated' ? (state.googlePay?.saveUrl ?? null) : null;
  const mayRequest = Boolean(token) || state.status === 'authenticated';

  const request = useCallback(async () => {
    setPhase({ name: 'loading' });
    const result = await googleWalletPass(token);
    if (result.ok && result.data.saveUrl) {
      setPhase({ name: 'redirecting' });
      window.location.assign(result.data.saveUrl);
      return;
    }
    // SPEC §8: the login-first message for LOGIN_REQUIRED, the Google pass technical problem otherwise.
    setPhase({ name: !result.ok && result.code === 'LOGIN_REQUIRED' ? 'loginFirst' : 'failed' });
  }, [token]);

  useEffect(() => {
    if (requested.current) return;
    if (knownSaveUrl) {
      requested.current = true;
      setPhase({ name: 'redirecting' });
      window.location.assign(knownSaveUrl);
    } else if (mayRequest) {
      requested.current = true;
      void request();
    }
  }, [knownSaveUrl, mayRequest, request]);

  if (state.status === 'loading' && !token) return <Status title={title}>{m.loading}</Status>;
  if (state.status === 'failed' && !token)
    return (
      <Failed
        title={title}
        message={m.technicalProblem}
        retry={() => window.location.reload()}
        label={m.tryAgain}
      />
    );
  if (!mayRequest) return <Navigate to={signInPathFor(params.get('email'))} replace />;

  switch (phase.name) {
    case 'loading':
      return <Status title={title}>{m.loading}</Status>;
    case 'redirecting':
      return <Status title={title}>{m.redirecting}</Status>;
    case 'loginFirst':
      return (
        <Page narrow>
          <div className={styles.status}>
            <h1>{title}</h1>
            <Alert kind="error">{m.loginFirst}</Alert>
            <ButtonLink to={signInPathFor(params.get('email'))}>{m.signIn}</ButtonLink>
          </div>
        </Page>
      );
    case 'failed':
      return (
        <Failed title={title} message={m.technicalProblem} retry={() => void request()} label={m.tryAgain} />
      );
  }
}

function Status({ title, children }: { title: string; children: string }) {
  return (
    <Page narrow>
      <div className={styles.status}>
        <h1>{title}</h1>
        <p role="status" aria-live="polite">
          {children}
        </p>
      </div>
    </Page>
  );
}

function Failed({
  title,
  message,
  retry,
  label,
}: {
  title: string;
  message: string;
  retry: () => void;
  label: string;
}) {
  return (
    <Page narrow>
      <div className={styles.status}>
        <h1>{title}</h1>
        <Alert kind="error">{message}</Alert>
        <Button onClick={retry}>{label}</Button>
      </div>
    </Page>
  );
}
