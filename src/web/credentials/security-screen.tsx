import { useConfig } from '../config-context.tsx';
import { useMessages } from '../i18n/messages.tsx';
import { Link } from '../routing/links.tsx';
import { SessionsSection } from '../sessions/sessions-section.tsx';
import ChangePasswordScreen from './change-password-screen.tsx';
import styles from './credentials.module.css';

/**
 * /help/security, "Sign-in and security": the password (changed, or set by a member who never had
 * one), the passkeys the member signs in with, then every browser where they are signed in.
 */
export default function SecurityScreen() {
  const m = useMessages();
  const c = m.credentialScreens;
  const { enableWebAuthnLogins } = useConfig();
  return (
    <ChangePasswordScreen>
      {enableWebAuthnLogins ? (
        <section className={styles.section} aria-labelledby="passkeys-heading">
          <h2 id="passkeys-heading">{c.passkeysHeading}</h2>
          <p className={styles.intro}>{c.passkeysIntro}</p>
          <p className={styles.intro}>
            <Link to="/help/passkeys">{m.sessions.passkeysLink}</Link>
          </p>
        </section>
      ) : null}
      <SessionsSection />
    </ChangePasswordScreen>
  );
}
