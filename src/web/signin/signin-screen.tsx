import { useConfig } from '../config-context.tsx';
import { useMessages } from '../i18n/messages.tsx';
import { useSearchParams } from '../routing/router.tsx';
import { useSession } from '../session/session-context.tsx';
import { Alert, formStyles } from '../ui/alert.tsx';
import { ButtonLink } from '../ui/button.tsx';
import { Page } from '../ui/page.tsx';
import { usePageTitle } from '../ui/page-title.tsx';
import { useLastSignInMethod } from './last-sign-in-method.ts';
import { MagicLinkRequest } from './magic-link-request.tsx';
import { PasswordSignInForm } from './password-signin-form.tsx';
import styles from './signin.module.css';

/**
 * SPEC §2 /signin: the magic-link request screen when magic-link logins are enabled, otherwise email
 * and password. Members who have a password can still choose it (?method=password): see
 * docs/decisions/0005-sign-in-with-a-password-while.md.
 * The way this browser last signed in is offered first (last-sign-in-method.ts).
 */
export default function SignInScreen() {
  const config = useConfig();
  const m = useMessages();
  const { state } = useSession();
  const [params] = useSearchParams();
  const remembered = useLastSignInMethod();
  usePageTitle(m.titles.signIn);
  if (state.status === 'authenticated') {
    return (
      <Page narrow>
        <div className={formStyles.form}>
          <Alert kind="info">{m.signIn.alreadyLoggedIn}</Alert>
          <ButtonLink to="/">{m.nav.myPoints}</ButtonLink>
        </div>
      </Page>
    );
  }
  // Without an explicit ?method, the way this browser last signed in comes first.
  const asked = params.get('method');
  const usePassword =
    !config.enableMagicLinkLogins || asked === 'password' || (asked !== 'link' && remembered === 'password');
  const passkeyFirst = config.enableWebAuthnLogins && asked === null && remembered === 'passkey';
  return (
    <Page narrow>
      {usePassword ? (
        <PasswordSignInForm passkeyFirst={passkeyFirst} />
      ) : (
        <MagicLinkRequest passkeyFirst={passkeyFirst} />
      )}
      {/* A visitor who is not a member learns how one becomes one (help is in the footer). */}
      {config.selfSignupEnabled ? null : <p className={styles.byInvitation}>{m.signIn.byInvitation}</p>}
    </Page>
  );
}
