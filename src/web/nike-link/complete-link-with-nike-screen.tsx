import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useFailureText } from '../i18n/failure-text.ts';
import { useMessages } from '../i18n/messages.tsx';
import { useLocation, useNavigate, useSearchParams } from '../routing/router.tsx';
import { useSession } from '../session/session-context.tsx';
import { Alert } from '../ui/alert.tsx';
import { ButtonLink } from '../ui/button.tsx';
import { Page } from '../ui/page.tsx';
import { usePageTitle } from '../ui/page-title.tsx';
import { completeNikeLink } from './api.ts';
import styles from './nike.module.css';

/**
 * SPEC §2 /complete-link-with-nike (code, error, error_description), §4 and §8 Nike link: requires
 * sign-in; on success goes to / with the completion message; on failure shows the message and a
 * Connect link to /link-with-nike; neither code nor error shows the sign-in technical problem.
 */
export default function CompleteLinkWithNikeScreen() {
  const messages = useMessages();
  const m = messages.nike;
  usePageTitle(messages.pageTitles.nikeAccount);
  const session = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const query = useLocation().search.replace(/^\?/, '');
  const code = params.get('code');
  const error = params.get('error');
  const failureText = useFailureText();
  const [failure, setFailure] = useState<string | null>(null);
  const [signInRequired, setSignInRequired] = useState(false);
  const sent = useRef(false);
  const signedIn = session.state.status === 'authenticated';
  const { refresh } = session;

  useEffect(() => {
    if (!signedIn || sent.current || (!code && !error)) return;
    // A code works once: never send it twice, even if the screen renders again.
    sent.current = true;
    void (async () => {
      // Every parameter the provider sent goes on unchanged (RFC 9207's `iss` among them): the
      // server checks the answer as a whole.
      const result = await completeNikeLink({ query });
      if (result.ok) {
        await refresh();
        await navigate('/', { replace: true, state: { modalMessage: m.linked } });
        return;
      }
      if (result.code === 'LOGIN_REQUIRED') {
        setSignInRequired(true);
        return;
      }
      setFailure(failureText(result, { Unknown: m.technicalProblem, ServerError: m.technicalProblem }));
    })();
  }, [signedIn, code, error, query, navigate, refresh, failureText, m.linked, m.technicalProblem]);

  let body: ReactNode;
  if (session.state.status === 'loading') {
    body = null;
  } else if (!signedIn || signInRequired) {
    body = (
      <>
        <Alert kind="info">{m.signInRequired}</Alert>
        <ButtonLink to="/signin">{m.signIn}</ButtonLink>
      </>
    );
  } else if (!code && !error) {
    body = <Failure message={m.signInProblem} connect={m.connect} />;
  } else if (failure) {
    body = <Failure message={failure} connect={m.connect} />;
  } else {
    body = (
      <p role="status" aria-live="polite">
        {m.completing}
      </p>
    );
  }
  return (
    <Page narrow>
      <div className={styles.panel}>
        <h1>{m.heading}</h1>
        {body}
      </div>
    </Page>
  );
}

function Failure({ message, connect }: { message: string; connect: string }) {
  return (
    <>
      <Alert kind="error">{message}</Alert>
      <ButtonLink to="/link-with-nike">{connect}</ButtonLink>
    </>
  );
}
