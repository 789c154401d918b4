import { useConfig } from '../config-context.tsx';
import { useMessages } from '../i18n/messages.tsx';
import { ButtonLink } from '../ui/button.tsx';
import { usePageTitle } from '../ui/page-title.tsx';
import alt from './alternative-landing.module.css';
import styles from './landing.module.css';

/** SPEC §2 /landing-page: the alternative landing (when enabled): the scheme's offer, then sign in. */
export default function AlternativeLandingScreen() {
  const config = useConfig();
  const m = useMessages();
  const a = m.alternativeLanding;
  usePageTitle(m.pageTitles.joinTheClub);
  return (
    <div className={styles.landing}>
      <section className={`${styles.hero} ${alt.hero}`}>
        <p className={styles.logo}>{config.title}</p>
        <h1 className={alt.heading}>{a.heading}</h1>
        <p className={styles.tagline}>{a.intro}</p>
        <ul className={alt.benefits}>
          {a.benefits.map((benefit) => (
            <li key={benefit}>{benefit}</li>
          ))}
        </ul>
        <p className={alt.join}>{a.howToJoin}</p>
        <ButtonLink to="/signin" variant="light" className={styles.signIn}>
          {m.landing.signIn}
        </ButtonLink>
      </section>
    </div>
  );
}
