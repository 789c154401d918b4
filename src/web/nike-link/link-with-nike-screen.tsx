import { useCallback, useEffect, useRef, useState } from 'react';
import { useFailureText } from '../i18n/failure-text.ts';
import { useMessages } from '../i18n/messages.tsx';
import { Alert } from '../ui/alert.tsx';
import { Button, ButtonLink } from '../ui/button.tsx';
import { Page } from '../ui/page.tsx';
import { usePageTitle } from '../ui/page-title.tsx';
import { startNikeLink } from './api.ts';
import styles from './nike.module.css';

type Phase = { name: 'starting' } | { name: 'signInRequired' } | { name: 'failed'; message: string };

/** SPEC §2 /link-with-nike, §4 Nike link "Starting": on success the browser goes to the provider. */
export default function LinkWithNikeScreen() {
  const messages = useMessages();
  const m = messages.nike;
  usePageTitle(messages.pageTitles.nikeAccount);
  const failureText = useFailureText();
  const [phase, setPhase] = useState<Phase>({ name: 'starting' });
  const started = useRef(false);

  const start = useCallback(async () => {
    setPhase({ name: 'starting' });
    const result = await startNikeLink();
    if (result.ok && result.data.link) {
      window.location.assign(result.data.link);
      return;
    }
    if (!result.ok && result.code === 'LOGIN_REQUIRED') {
      setPhase({ name: 'signInRequired' });
      return;
    }
    const message = result.ok
      ? m.technicalProblem
      : failureText(result, { Unknown: m.technicalProblem, ServerError: m.technicalProblem });
    setPhase({ name: 'failed', message });
  }, [m.technicalProblem, failureText]);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void start();
  }, [start]);

  return (
    <Page narrow>
      <div className={styles.panel}>
        <h1>{m.heading}</h1>
        {phase.name === 'starting' ? (
          <p role="status" aria-live="polite">
            {m.starting}
          </p>
        ) : phase.name === 'signInRequired' ? (
          <>
            <Alert kind="info">{m.signInRequired}</Alert>
            <ButtonLink to="/signin">{m.signIn}</ButtonLink>
          </>
        ) : (
          <>
            <Alert kind="error">{phase.message}</Alert>
            <Button onClick={() => void start()}>{m.tryAgain}</Button>
          </>
        )}
      </div>
    </Page>
  );
}
