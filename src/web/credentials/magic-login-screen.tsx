import { useCallback, useEffect, useRef, useState } from 'react';
import { afterSignInPath, signInPath } from '#shared/domain/after-sign-in.ts';
import { useFailureText } from '../i18n/failure-text.ts';
import { useMessages } from '../i18n/messages.tsx';
import { Link } from '../routing/links.tsx';
import { useNavigate, useSearchParams } from '../routing/router.tsx';
import { useSession } from '../session/session-context.tsx';
import { Alert, formStyles } from '../ui/alert.tsx';
import { ButtonLink } from '../ui/button.tsx';
import { OpenedElsewhere } from '../ui/opened-elsewhere.tsx';
import { Page } from '../ui/page.tsx';
import { usePageTitle } from '../ui/page-title.tsx';
import { credentialsApi } from './api.ts';

/**
 * SPEC §4 Magic-login: without a token, a request-new-link message; with one, signs in and goes to /
 * when an account is returned. On failure, the server's message or a generic one (§8). Opened in
 * another browser than the one that asked for it (a mail scanner, another device), it signs in only
 * once the member presses "Continue signing in".
 */
export default function MagicLoginScreen() {
  const m = useMessages();
  const h = m.magicLogin;
  const failureText = useFailureText();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const next = params.get('next');
  const navigate = useNavigate();
  const { signedIn } = useSession();
  const [failure, setFailure] = useState<{ text: string; expired: boolean } | null>(null);
  const [askToContinue, setAskToContinue] = useState(false);
  const started = useRef(false);

  const signIn = useCallback(
    async (confirmed: boolean) => {
      const result = await credentialsApi.signInWithLink(token, confirmed);
      if (result.ok && result.data.account) {
        signedIn(result.data.account, result.data.googlePay ?? null);
        // SPEC §2 Sign in: the wallet or help page `next` names, otherwise /.
        await navigate(afterSignInPath(next), { replace: true });
        return;
      }
      if (result.ok && result.data.confirmationRequired && !confirmed) {
        setAskToContinue(true);
        return;
      }
      setFailure({
        text: result.ok
          ? m.signIn.failed
          : failureText(result, { LinkExpired: h.magicLinkExpired, Unknown: m.signIn.failed }),
        expired: !result.ok && result.code === 'LinkExpired',
      });
    },
    [token, next, signedIn, navigate, m.signIn.failed, h.magicLinkExpired, failureText],
  );

  useEffect(() => {
    // Once only: the token is single use, and a second call would only fail.
    if (!token || started.current) return;
    started.current = true;
    void signIn(false);
  }, [token, signIn]);

  // The heading says how it went: "Signing you in" only while it is under way.
  const heading = !token
    ? h.incompleteHeading
    : failure
      ? failure.expired
        ? h.expiredHeading
        : h.failedHeading
      : m.pageTitles.magicLogin;
  usePageTitle(heading);
  return (
    <Page narrow>
      <div className={formStyles.form}>
        <h1>{heading}</h1>
        {!token ? (
          <>
            <Alert kind="info">{h.magicLoginMissing}</Alert>
            <ButtonLink to="/signin">{h.requestNewLink}</ButtonLink>
          </>
        ) : failure ? (
          <>
            <Alert kind="error">{failure.text}</Alert>
            <ButtonLink to={signInPath(next)}>{h.requestNewLink}</ButtonLink>
            <Link to={signInPath(next, { method: 'password' })}>{m.signIn.usePassword}</Link>
          </>
        ) : askToContinue ? (
          <OpenedElsewhere label={h.continueSigningIn} onContinue={() => void signIn(true)} />
        ) : (
          <p aria-live="polite">{h.signingIn}</p>
        )}
      </div>
    </Page>
  );
}
