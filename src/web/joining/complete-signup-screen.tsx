import { useCallback, useEffect, useRef, useState } from 'react';
import { useFailureText } from '../i18n/failure-text.ts';
import { useMessages } from '../i18n/messages.tsx';
import { useNavigate, useSearchParams } from '../routing/router.tsx';
import { useSession } from '../session/session-context.tsx';
import { Alert } from '../ui/alert.tsx';
import { OpenedElsewhere } from '../ui/opened-elsewhere.tsx';
import { Page } from '../ui/page.tsx';
import { usePageTitle } from '../ui/page-title.tsx';
import { completeSignup } from './api.ts';
import { PasskeyStep, SuccessStep } from './onboarding.tsx';
import { LinkFailure } from './used-invitation.tsx';

type State =
  | { status: 'working' }
  | { status: 'ask-to-continue' }
  | { status: 'failed'; message: string; used: boolean }
  | { status: 'done'; step: 1 | 2 };

/**
 * SPEC §2 Guided signup completion (/complete-signup?token&email): runs completion, then success and
 * wallet onboarding, then an optional passkey step. The answer's account signs the member in at once
 * (SPEC §4), so the wallet badges and the passkey step work for them; the route lets the onboarding
 * finish (SignedOutOnly keepAfterSignIn). Opened in another browser than the one that asked for it,
 * it waits for the member's click (mail scanners open every link).
 */
export default function CompleteSignupScreen() {
  const messages = useMessages();
  const m = messages.joining;
  const session = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const email = (params.get('email') ?? '').trim().toLowerCase();
  const failureText = useFailureText();
  const [state, setState] = useState<State>({ status: 'working' });
  const started = useRef(false);
  usePageTitle(messages.pageTitles.joinTheClub);

  const complete = useCallback(
    async (confirmed: boolean) => {
      const result = await completeSignup(email, token, confirmed);
      if (result.ok && result.data.confirmationRequired && !confirmed) {
        setState({ status: 'ask-to-continue' });
        return;
      }
      if (result.ok && result.data.account) {
        session.signedIn(result.data.account, result.data.googlePay ?? null);
        setState({ status: 'done', step: 1 });
        return;
      }
      const message = result.ok
        ? m.completeFailed
        : failureText(result, {
            LinkInvalid: m.completeLinkInvalid,
            LinkExpired: m.completeLinkExpired,
            InviteConsumed: m.codes.InviteConsumed,
            UserAlreadyExists: m.addressTaken,
            Unknown: m.completeFailed,
            ServerError: m.completeFailed,
          });
      setState({ status: 'failed', message, used: !result.ok && result.code === 'InviteConsumed' });
    },
    [token, email, failureText, m, session.signedIn],
  );

  useEffect(() => {
    // The token is single use: run once, even when React mounts twice in development.
    if (!token || started.current) return;
    started.current = true;
    void complete(false);
  }, [token, complete]);

  if (!token) {
    return (
      <Page narrow>
        <Alert kind="error">{m.inviteMissing}</Alert>
      </Page>
    );
  }
  if (state.status === 'working') {
    return (
      <Page narrow>
        <p role="status">{m.completing}</p>
      </Page>
    );
  }
  if (state.status === 'ask-to-continue') {
    return (
      <Page narrow>
        <OpenedElsewhere label={m.continueCompleting} onContinue={() => void complete(true)} />
      </Page>
    );
  }
  if (state.status === 'failed') {
    // These two say "contact customer services": say how.
    const contact = state.message === m.addressTaken || state.message === m.completeLinkExpired;
    return <LinkFailure text={state.message} used={state.used} contact={contact} />;
  }
  const toAccount = () => navigate('/');
  return (
    <Page narrow>
      {state.step === 1 ? (
        <SuccessStep
          step={1}
          total={2}
          onContinue={() => setState({ ...state, step: 2 })}
          onContinueToAccount={toAccount}
        />
      ) : (
        <PasskeyStep
          step={2}
          total={2}
          onDone={(modalMessage) => navigate('/', modalMessage ? { state: { modalMessage } } : undefined)}
        />
      )}
    </Page>
  );
}
