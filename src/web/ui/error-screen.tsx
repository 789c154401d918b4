import { useEffect } from 'react';
import { useMessages } from '../i18n/messages.tsx';
import { useIsSignedIn } from '../session/session-context.tsx';
import { Button, ButtonLink } from './button.tsx';
import styles from './error-screen.module.css';
import { ChunkLoadError } from './lazy-screen.ts';

/**
 * SPEC §2 Error screen: 404 and 405 have their own words; any other status offers Reload. A screen
 * whose script failed to load (SPEC §8 chunk-load error) says so, and Reload fetches it again.
 */
export function ErrorScreen({ status, error }: { status: number; error?: unknown }) {
  const m = useMessages().errors;
  // "/" is My Points for a member and the landing page for a visitor: the link says which.
  const signedIn = useIsSignedIn();
  const chunk = error instanceof ChunkLoadError ? error : null;
  const [title, body] =
    status === 404
      ? [m.notFoundTitle, m.notFoundBody]
      : status === 405
        ? [m.methodNotAllowedTitle, m.methodNotAllowedBody]
        : chunk
          ? [m.chunkLoadTitle, m.chunkLoadBody[chunk.reason]]
          : [m.genericTitle, m.genericBody];
  // SPEC §2: the error screen sets the document title to the error title.
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <section className={styles.screen} aria-labelledby="error-title" data-status={status}>
      {status === 404 || status === 405 ? <p className={styles.code}>{status}</p> : null}
      <h1 id="error-title">{title}</h1>
      <p>{body}</p>
      <div className={styles.actions}>
        {status === 404 || status === 405 ? (
          <ButtonLink to="/" variant="secondary">
            {signedIn ? m.backHome : m.backToStart}
          </ButtonLink>
        ) : (
          <Button onClick={() => window.location.reload()}>{m.reload}</Button>
        )}
      </div>
    </section>
  );
}

export function NotFoundScreen() {
  return <ErrorScreen status={404} />;
}
