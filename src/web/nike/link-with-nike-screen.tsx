import { useCallback, useEffect, useRef, useState } from 'react';
import type { ResponseOf } from '#shared/api/endpoint.ts';
import type { linkWithNikeEndpoint } from '#shared/api/nike-link.ts';
import { callApi } from '../api.ts';
import { useMessages } from '../i18n/messages.tsx';
import { Button, ButtonLink } from '../ui/button.tsx';
import { Alert } from '../ui/form.tsx';
import { Page } from '../ui/page.tsx';
import { usePageTitle } from '../ui/page-title.tsx';
import styles from './nike.module.css';

type LinkResponse = ResponseOf<typeof linkWithNikeEndpoint>;
type Phase = { name: 'starting' } | { name: 'signInRequired' } | { name: 'failed'; message: string };

/** SPEC §2 /link-with-nike, §4 Nike link "Starting": on success the browser goes to the provider. */
export default function LinkWithNikeScreen() {
  const messages = useMessages();
  const m = messages.nike;
  usePageTitle(messages.titles.nikeAccount);
  const [phase, setPhase] = useState<Phase>({ name: 'starting' });
  const started = useRef(false);

  const start = useCallback(async () => {
    setPhase({ name: 'starting' });
    const result = await callApi<LinkResponse>('/api/link-with-nike', { body: {} });
    if (result && typeof result === 'object' && result.success && result.link) {
      window.location.assign(result.link);
      return;
    }
    if (result && typeof result === 'object' && result.errorCode === 'LOGIN_REQUIRED') {
      setPhase({ name: 'signInRequired' });
      return;
    }
    const message =
      result && typeof result === 'object' && result.message ? result.message : m.technicalProblem;
    setPhase({ name: 'failed', message });
  }, [m.technicalProblem]);

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
