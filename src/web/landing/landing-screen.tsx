import { useConfig } from '../config-context.tsx';
import { useMessages } from '../i18n/messages.tsx';
import { useLocation } from '../routing/router.tsx';
import { Alert } from '../ui/alert.tsx';
import { ButtonLink } from '../ui/button.tsx';
import { usePageTitle } from '../ui/page-title.tsx';
import styles from './landing.module.css';

/** SPEC §2 Landing: brand logo and a primary sign-in button to /signin; the footer is every page's (ui/site-footer.tsx). */
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
    </div>
  );
}
