import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { VerifyEmailResponse } from '#shared/api/joining.ts';
import { callApi } from '../api.ts';
import { useMessages } from '../i18n/messages.tsx';
import { useSession } from '../session/session-context.tsx';
import { Alert } from '../ui/form.tsx';
import { Page } from '../ui/page.tsx';
import { usePageTitle } from '../ui/page-title.tsx';

type State =
  | { status: 'in-progress' }
  | { status: 'complete'; message: string }
  | { status: 'failed'; message: string };

/**
 * SPEC §2, §4 Email verification (/verify-email?email&token): in progress, then complete or failed.
 * A missing parameter shows the no-restart-required message; success with an account goes to /.
 */
export default function VerifyEmailScreen() {
  const messages = useMessages();
  const m = messages.joining;
  const session = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const email = (params.get('email') ?? '').trim().toLowerCase();
  const token = params.get('token')?.trim() ?? '';
  const [state, setState] = useState<State>({ status: 'in-progress' });
  const started = useRef(false);
  usePageTitle(messages.titles.verifyEmail);

  useEffect(() => {
    if (!email || !token || started.current) return;
    started.current = true;
    void callApi<VerifyEmailResponse>('/api/verify-email', { body: { username: email, token } }).then(
      (answer) => {
        if (answer && typeof answer === 'object' && answer.success) {
          if (answer.account) {
            session.signedIn(answer.account, answer.googlePay ?? null);
            navigate('/', { state: { modalMessage: m.verifyComplete } });
            return;
          }
          setState({ status: 'complete', message: answer.message || m.verifyComplete });
          return;
        }
        setState({
          status: 'failed',
          message: answer && typeof answer === 'object' && answer.message ? answer.message : m.verifyFailed,
        });
      },
    );
  }, [email, token, session, navigate, m.verifyComplete, m.verifyFailed]);

  let body: React.ReactNode;
  if (!email || !token) body = <Alert kind="info">{m.verifyMissing}</Alert>;
  else if (state.status === 'in-progress') body = <p role="status">{m.verifyInProgress}</p>;
  else if (state.status === 'complete') body = <Alert kind="success">{state.message}</Alert>;
  else body = <Alert kind="error">{state.message}</Alert>;

  return (
    <Page narrow>
      <h1>{messages.titles.verifyEmail}</h1>
      {body}
      {state.status !== 'in-progress' || !email || !token ? (
        <p>
          <Link to="/">{m.goToAccount}</Link>
        </p>
      ) : null}
    </Page>
  );
}
