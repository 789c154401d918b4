import { useConfig } from '../config-context.tsx';
import { useMessages } from '../i18n/messages.tsx';
import styles from './layout.module.css';

/**
 * The foot of every page: where to find help, the terms (path from configuration, or the external
 * URL) and the Privacy Policy (a configured external URL opens in a new window: SPEC §2 Landing).
 * Plain links, no router: it is in Home's first load, so it stays this small.
 */
export function SiteFooter() {
  const config = useConfig();
  const m = useMessages();
  const privacyUrl = config.privacyPolicyUrl;
  return (
    <footer className={styles.footer}>
      <a href={config.externalFaqUrl ?? '/help/faq'}>{m.nav.helpAndFaq}</a>
      <a href={config.externalTermsUrl ?? `/help${config.termsPagePath}`}>{m.landing.terms}</a>
      {privacyUrl ? (
        <a href={privacyUrl} target="_blank" rel="noopener noreferrer">
          {m.landing.privacyPolicy} <span className="visually-hidden">{m.landing.opensInNewWindow}</span>
        </a>
      ) : (
        <a href={`/help${config.privacyPagePath}`}>{m.landing.privacyPolicy}</a>
      )}
    </footer>
  );
}
