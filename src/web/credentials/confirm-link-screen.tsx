import { useEffect, useRef, useState } from 'react';
import { useMessages } from '../i18n/messages.tsx';
import { useSearchParams } from '../routing/router.tsx';
import { useSession } from '../session/session-context.tsx';
import { Alert, formStyles } from '../ui/alert.tsx';
import { ButtonLink } from '../ui/button.tsx';
import { Page } from '../ui/page.tsx';
import { usePageTitle } from '../ui/page-title.tsx';
import { credentialsApi } from './api.ts';

type State = 'working' | 'done' | 'otherBrowser' | 'expired' | 'missing' | 'failed';

/**
 * Where the emailed "confirm it's you" link lands: it re-confirms this browser's session, and the
 * tab that asked carries on by itself. The link works once, only in the browser that asked for it.
 */
export default function ConfirmLinkScreen() {
  const r = useMessages().reauth;
  usePageTitle(r.heading);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { state: session } = useSession();
  const [state, setState] = useState<State>(token ? 'working' : 'missing');
  const started = useRef(false);
  const signedIn = session.status === 'authenticated';

  useEffect(() => {
    if (!token || session.status === 'loading' || started.current) return;
    started.current = true;
    // Signed out here: this is not the browser that asked (nothing to send).
    if (!signedIn) return setState('otherBrowser');
    void (async () => {
      const answer = await credentialsApi.reauthenticateWithLink(token);
      if (answer.ok) setState('done');
      else if (answer.code === 'OtherBrowser') setState('otherBrowser');
      else if (answer.code === 'LinkExpired') setState('expired');
      else setState('failed');
    })();
  }, [token, session.status, signedIn]);

  const text = {
    working: r.linkWorking,
    done: r.linkDone,
    otherBrowser: r.linkOtherBrowser,
    expired: r.linkExpired,
    missing: r.linkMissing,
    failed: r.failed,
  }[state];

  return (
    <Page narrow>
      <div className={formStyles.form}>
        <h1>{r.heading}</h1>
        {state === 'working' ? (
          <p aria-live="polite">{text}</p>
        ) : (
          <Alert kind={state === 'done' ? 'success' : 'error'}>{text}</Alert>
        )}
        {signedIn && state !== 'working' ? (
          <ButtonLink to="/help/account" variant="secondary">
            {r.goToAccount}
          </ButtonLink>
        ) : null}
      </div>
    </Page>
  );
}
