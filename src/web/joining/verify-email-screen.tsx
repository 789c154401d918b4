import { useCallback, useEffect, useRef, useState } from 'react';
import { useFailureText } from '../i18n/failure-text.ts';
import { useMessages } from '../i18n/messages.tsx';
import { Link } from '../routing/links.tsx';
import { useNavigate, useSearchParams } from '../routing/router.tsx';
import { useSession } from '../session/session-context.tsx';
import { Alert } from '../ui/alert.tsx';
import { ContactBlock } from '../ui/contact-block.tsx';
import { OpenedElsewhere } from '../ui/opened-elsewhere.tsx';
import { Page } from '../ui/page.tsx';
import { usePageTitle } from '../ui/page-title.tsx';
import { verifyEmail } from './api.ts';

type State =
  | { status: 'in-progress' }
  | { status: 'ask-to-continue' }
  | { status: 'complete' }
  | { status: 'failed'; message: string };

/**
 * SPEC §2, §4 Email verification (/verify-email?email&token): in progress, then complete or failed.
 * A missing parameter shows the no-restart-required message; success with an account goes to /.
 * Opened in another browser than the one that asked for it, it waits for the member's click.
 */
export default function VerifyEmailScreen() {
  const messages = useMessages();
  const m = messages.joining;
  const session = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const email = (params.get('email') ?? '').trim().toLowerCase();
  const token = params.get('token')?.trim() ?? '';
  const failureText = useFailureText();
  const [state, setState] = useState<State>({ status: 'in-progress' });
  const started = useRef(false);
  usePageTitle(messages.pageTitles.verifyEmail);

  const verify = useCallback(
    async (confirmed: boolean) => {
      const result = await verifyEmail(email, token, confirmed);
      if (result.ok && result.data.confirmationRequired && !confirmed) {
        setState({ status: 'ask-to-continue' });
        return;
      }
      if (result.ok && result.data.account) {
        session.signedIn(result.data.account, result.data.googlePay ?? null);
        void navigate('/', { state: { modalMessage: m.verifyComplete } });
        return;
      }
      // Verified without signing in (already verified, or an account that may not sign in).
      if (result.ok) {
        setState({ status: 'complete' });
        return;
      }
      const message = failureText(result, {
        LinkInvalid: m.verifyLinkInvalid,
        LinkExpired: m.verifyLinkExpired,
        UserAlreadyExists: m.addressTaken,
        Unknown: m.verifyFailed,
        ServerError: m.verifyFailed,
      });
      setState({ status: 'failed', message });
    },
    [email, token, session, navigate, failureText, m],
  );

  useEffect(() => {
    if (!email || !token || started.current) return;
    started.current = true;
    void verify(false);
  }, [email, token, verify]);

  let body: React.ReactNode;
  if (!email || !token) body = <Alert kind="info">{m.verifyMissing}</Alert>;
  else if (state.status === 'in-progress') body = <p role="status">{m.verifyInProgress}</p>;
  else if (state.status === 'ask-to-continue')
    body = <OpenedElsewhere label={m.continueVerifying} onContinue={() => void verify(true)} />;
  else if (state.status === 'complete') body = <Alert kind="success">{m.verifyComplete}</Alert>;
  else
    body = (
      <>
        <Alert kind="error">{state.message}</Alert>
        {/* This one says "contact customer services": say how. */}
        {state.message === m.addressTaken ? <ContactBlock compact /> : null}
      </>
    );

  return (
    <Page narrow>
      <h1>{messages.pageTitles.verifyEmail}</h1>
      {body}
      {(state.status !== 'in-progress' && state.status !== 'ask-to-continue') || !email || !token ? (
        <p>
          <Link to="/">{m.goToAccount}</Link>
        </p>
      ) : null}
    </Page>
  );
}
