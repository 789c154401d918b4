import type { Locale } from '#shared/config.ts';
import { useConfig } from '../config-context.tsx';
import { useMessages } from '../i18n/messages.tsx';
import { Link } from '../routing/links.tsx';
import appleDaDK from './badges/add-to-apple-wallet-da-DK.svg?no-inline';
import appleEnGB from './badges/add-to-apple-wallet-en-GB.svg?no-inline';
import googleDaDK from './badges/add-to-google-wallet-da-DK.svg?no-inline';
import googleEnGB from './badges/add-to-google-wallet-en-GB.svg?no-inline';
import styles from './wallet.module.css';

/**
 * The badges' artwork per locale: image files, not markup, so Home's first-load script carries only
 * their addresses and the browser caches them for a year like every other asset. A deployment swaps
 * in Apple's and Google's own badge files under the same names (docs/operating.md, "Wallet badges").
 * The event ticket's badges (pass-wallet-badges.tsx) show the same files.
 */
export const artwork: Record<Locale, { apple: string; google: string }> = {
  'en-GB': { apple: appleEnGB, google: googleEnGB },
  'da-DK': { apple: appleDaDK, google: googleDaDK },
};

function withToken(path: string, token: string | undefined): string {
  return token ? `${path}?token=${encodeURIComponent(token)}` : path;
}

/**
 * SPEC §2, §9 wallet badges (150 x 46 px): "Add to Apple Wallet" is a plain link to /api/passkit (the
 * browser downloads the pass), "Add to Google Wallet" goes to /add-to-google-wallet. Danish artwork
 * under da-DK. `token` is the onboarding step's wallet token, for a member who is not signed in yet.
 * The artwork loads lazily: on Home it sits below the card, and fetched at once it competed with the
 * first paint's font, styles and scripts (Lighthouse's Home LCP rose when the badges became files).
 */
export function WalletBadges({ token }: { token?: string | undefined }) {
  const m = useMessages().wallet;
  const art = artwork[useConfig().locale];
  return (
    <nav className={styles.badges} aria-label={m.badgesLabel}>
      <a className={styles.badge} href={withToken('/api/passkit', token)} aria-label={m.addToAppleWallet}>
        <img src={art.apple} width={150} height={46} alt="" loading="lazy" />
      </a>
      <Link
        className={styles.badge}
        to={withToken('/add-to-google-wallet', token)}
        aria-label={m.addToGoogleWallet}
      >
        <img src={art.google} width={150} height={46} alt="" loading="lazy" />
      </Link>
    </nav>
  );
}
