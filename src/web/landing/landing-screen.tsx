import { useConfig } from '../config-context.tsx';
import { useMessages } from '../i18n/messages.tsx';
import { useLocation } from '../routing/router.tsx';
import { ButtonLink } from '../ui/button.tsx';
import { Alert } from '../ui/form.tsx';
import { usePageTitle } from '../ui/page-title.tsx';
import styles from './landing.module.css';

/** SPEC §2 Landing: brand logo, a primary sign-in button to /signin, and a footer. */
export default function LandingScreen() {
  const config = useConfig();
  const m = useMessages().landing;
  usePageTitle();
  // A message passed via navigation state (e.g. after deleting the account) is shown at the top.
  const modalMessage = (useLocation().state as { modalMessage?: string } | null)?.modalMessage;
  return (
    <div className={styles.landing}>
      {modalMessage ? <Alert kind="success">{modalMessage}</Alert> : null}
      <section className={styles.hero}>
        <h1 className={styles.logo}>{config.title}</h1>
        <p className={styles.tagline}>{m.intro}</p>
        <ButtonLink to="/signin" variant="light" className={styles.signIn}>
          {m.signIn}
        </ButtonLink>
      </section>
      <LandingFooter />
    </div>
  );
}

/** Terms (path from configuration, or the external URL) and the Privacy Policy (external URL, new window). */
export function LandingFooter() {
  const config = useConfig();
  const m = useMessages().landing;
  const termsHref = config.externalTermsUrl ?? `/help${config.termsPagePath}`;
  const privacyHref = config.privacyPolicyUrl ?? `/help${config.privacyPagePath}`;
  return (
    <footer className={styles.footer}>
      <a href={termsHref}>{m.terms}</a>
      {config.privacyPolicyUrl ? (
        <a href={privacyHref} target="_blank" rel="noopener noreferrer">
          {m.privacyPolicy} <span className="visually-hidden">{m.opensInNewWindow}</span>
        </a>
      ) : (
        <a href={privacyHref}>{m.privacyPolicy}</a>
      )}
    </footer>
  );
}
