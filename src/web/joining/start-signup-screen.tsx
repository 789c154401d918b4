import { useReducer } from 'react';
import { consentToAllowMarketing } from '#shared/domain/consent.ts';
import { useConfig } from '../config-context.tsx';
import { typedNumber, whatsAppOffered } from '../consent/joining-telephone.tsx';
import { useFailureText } from '../i18n/failure-text.ts';
import { useMessages } from '../i18n/messages.tsx';
import { Link } from '../routing/links.tsx';
import { useNavigate, useSearchParams } from '../routing/router.tsx';
import { useSession } from '../session/session-context.tsx';
import { Alert } from '../ui/alert.tsx';
import { Page } from '../ui/page.tsx';
import { usePageTitle } from '../ui/page-title.tsx';
import { acceptInvite } from './api.ts';
import { InviteConsentsStep } from './invite-consents-step.tsx';
import { InviteDetailsStep } from './invite-details-step.tsx';
import styles from './joining.module.css';
import { PasskeyStep, SuccessStep } from './onboarding.tsx';
import { initialStartSignupState, startSignupReducer } from './start-signup-state.ts';
import { useInviteStatus } from './use-invite-status.ts';
import { LinkFailure } from './used-invitation.tsx';

/** SPEC §2 Invite accept (/start-signup): 1 details, 2 consents, 3 success, 4 passkey offer. */
export default function StartSignupScreen() {
  const messages = useMessages();
  const m = messages.joining;
  const config = useConfig();
  const session = useSession();
  const navigate = useNavigate();
  const failureText = useFailureText();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  usePageTitle(messages.pageTitles.joinTheClub);
  const [state, dispatch] = useReducer(startSignupReducer, initialStartSignupState);
  const sessionStatus = session.state.status;
  // A member who has just joined is signed in too: only a visitor signed in beforehand is turned away.
  const signedInVisitor = sessionStatus === 'authenticated' && state.step < 3;
  const { load, lock } = useInviteStatus(
    token,
    sessionStatus !== 'loading' && sessionStatus !== 'authenticated',
  );

  if (!token) return <Failure text={m.inviteMissing} />;
  if (sessionStatus === 'loading') return null;
  if (signedInVisitor) {
    return (
      <Page narrow>
        <div className={styles.card}>
          <Alert kind="info">{m.alreadyLoggedIn}</Alert>
          <Link to="/">{m.goToAccount}</Link>
        </div>
      </Page>
    );
  }
  if (state.step === 3) {
    return (
      <Page narrow>
        <SuccessStep
          step={3}
          total={4}
          onContinue={() => dispatch({ type: 'continue' })}
          onContinueToAccount={() => navigate('/')}
          notice={state.pendingEmail ? m.confirmNewEmail(state.pendingEmail) : null}
        />
      </Page>
    );
  }
  if (state.step === 4) {
    return (
      <Page narrow>
        <PasskeyStep
          step={4}
          total={4}
          onDone={(modalMessage) => navigate('/', modalMessage ? { state: { modalMessage } } : undefined)}
        />
      </Page>
    );
  }
  if (load.status === 'loading') {
    return (
      <Page narrow>
        <p role="status">{m.loadingInvite}</p>
      </Page>
    );
  }
  if (load.status === 'failed') return <LinkFailure text={load.message} used={load.used === true} />;
  const invite = load;

  async function accept() {
    const allow = consentToAllowMarketing(state.consent);
    if (allow.allowMarketing === null) return;
    dispatch({ type: 'sending' });
    const result = await acceptInvite({
      token,
      email: state.email ?? invite.customer.email,
      password: invite.passwordRequired ? state.password : null,
      fullName: invite.customer.fullName,
      allowMarketing: allow.allowMarketing,
      // WhatsApp only where it was offered: with a number typed now or already kept.
      allowMarketingWhatsApp: whatsAppOffered(
        config.enableTelephoneNumber,
        state.telephone,
        invite.hasTelephoneNumber,
      )
        ? allow.allowMarketingWhatsApp
        : null,
      ...(config.enableTelephoneNumber && !invite.hasTelephoneNumber
        ? { telephoneNumber: typedNumber(state.telephone) }
        : {}),
    });
    if (result.ok && result.data.account) {
      session.signedIn(result.data.account, result.data.googlePay ?? null);
      dispatch({ type: 'accepted', pendingEmail: result.data.account.pendingEmail ?? null });
      return;
    }
    if (result.ok) {
      dispatch({ type: 'failed', message: m.acceptFailed });
      return;
    }
    if (result.code === 'InvalidPassword') {
      dispatch({ type: 'passwordRefused', message: m.insufficientPassword });
      return;
    }
    if (result.code === 'UserAlreadyExists') {
      dispatch({ type: 'failed', message: m.userAlreadyExists, backToDetails: true });
      return;
    }
    const text = failureText(result, { ...m.codes, Unknown: m.acceptFailed, ServerError: m.acceptFailed });
    if (result.details.isExpired === true) {
      // The link expired meanwhile: the form stays, locked, with the §8 message (SPEC §4).
      lock(text);
      dispatch({ type: 'failed', message: null });
      return;
    }
    dispatch({ type: 'failed', message: text });
  }

  return (
    <Page narrow>
      {state.step === 1 ? (
        <InviteDetailsStep
          invite={invite}
          state={state}
          onNext={(email, password) => dispatch({ type: 'detailsDone', email, password })}
        />
      ) : (
        <InviteConsentsStep
          invite={invite}
          state={state}
          onConsentChange={(consent) => dispatch({ type: 'consentChanged', consent })}
          onConsentMissing={() => dispatch({ type: 'consentMissing' })}
          onTelephoneChange={(telephone) => dispatch({ type: 'telephoneChanged', telephone })}
          onTelephoneInvalid={() => dispatch({ type: 'telephoneInvalid' })}
          onAccept={() => void accept()}
          onBack={() => dispatch({ type: 'back' })}
        />
      )}
    </Page>
  );
}

function Failure({ text }: { text: string }) {
  return (
    <Page narrow>
      <Alert kind="error">{text}</Alert>
    </Page>
  );
}
