import { lazy, Suspense } from 'react';
import { useMessages } from '../i18n/messages.tsx';
import { useAccountIfSignedIn } from '../session/session-context.tsx';
import { ContactBlock } from '../ui/contact-block.tsx';
import { useHydrated } from '../ui/lazy-screen.ts';
import { Page } from '../ui/page.tsx';
import { usePageTitle } from '../ui/page-title.tsx';
import styles from './public-pages.module.css';

const PersonalShopperSection = lazy(() => import('../stylists/personal-shopper-section.tsx'));

/**
 * /help/contact: where every "contact customer services" leads (screens, the FAQ, every email's
 * footer): the configured customer-services block, and a signed-in member's own personal shopper.
 */
export function ContactScreen() {
  const m = useMessages();
  const p = m.personalShopper;
  usePageTitle(p.contactTitle);
  const signedIn = useAccountIfSignedIn() !== null;
  const hydrated = useHydrated();
  return (
    <Page>
      <article className={styles.article}>
        <h1>{p.contactTitle}</h1>
        <p>{p.contactIntro}</p>
      </article>
      {signedIn && hydrated ? (
        <Suspense fallback={null}>
          <PersonalShopperSection fallback={false} />
        </Suspense>
      ) : null}
      <ContactBlock bare />
    </Page>
  );
}
