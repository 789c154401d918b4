import { useState } from 'react';
import { unsubscribe } from '#shared/api/marketing-mail-endpoints.ts';
import { call } from '../api.ts';
import { useConfig } from '../config-context.tsx';
import { usePrivateSalesWords } from '../private-sales/words.ts';
import { Link } from '../routing/links.tsx';
import { useParams } from '../routing/routes.tsx';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Page } from '../ui/page.tsx';
import { usePageTitle } from '../ui/page-title.tsx';

type State = 'asking' | 'working' | 'now' | 'already' | 'invalid' | 'failed';

/**
 * /unsubscribe/:token, a marketing mail's visible unsubscribe link: a question and a button, no
 * sign-in. Opening the page changes nothing (mail scanners follow links); the button posts to the
 * same address a mail client's one-click unsubscribe does (RFC 8058).
 */
export default function UnsubscribeScreen() {
  const w = usePrivateSalesWords().unsubscribe;
  const { title } = useConfig();
  const token = useParams().token ?? '';
  const [state, setState] = useState<State>('asking');
  usePageTitle(w.title);

  async function confirm() {
    setState('working');
    const answer = await call(unsubscribe, {}, { params: { token } });
    if (answer.ok) setState(answer.data.unsubscribed);
    else setState(answer.status === 404 ? 'invalid' : 'failed');
  }

  return (
    <Page narrow>
      <h1>{w.title}</h1>
      {state === 'now' || state === 'already' ? (
        <Alert kind="success">{state === 'now' ? w.done : w.already}</Alert>
      ) : state === 'invalid' ? (
        <Alert kind="error">{w.invalid}</Alert>
      ) : (
        <>
          <p>
            <strong>{w.question(title)}</strong>
          </p>
          <p>{w.explainer}</p>
          {state === 'failed' ? <Alert kind="error">{w.failed}</Alert> : null}
          <Button onClick={confirm} disabled={state === 'working'}>
            {state === 'working' ? w.working : w.confirm}
          </Button>
        </>
      )}
      <p>
        <Link to="/help/privacy">{w.privacy}</Link>
      </p>
    </Page>
  );
}
