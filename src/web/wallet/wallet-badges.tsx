import type { ReactNode } from 'react';
import { useConfig } from '../config-context.tsx';
import { useMessages } from '../i18n/messages.tsx';
import { Link } from '../routing/links.tsx';
import styles from './wallet.module.css';

/** SPEC §9: wallet badges are 150 x 46 px. */
const width = 150;
const height = 46;

function withToken(path: string, token: string | undefined): string {
  return token ? `${path}?token=${encodeURIComponent(token)}` : path;
}

/** The badge frame and its two lines of words; the glyph differs per wallet. */
function BadgeArt({
  addTo,
  name,
  glyph,
  lang,
}: {
  addTo: string;
  name: string;
  glyph: ReactNode;
  lang: string;
}) {
  return (
    <svg
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      aria-hidden="true"
      focusable="false"
      lang={lang}
    >
      <rect x="0.5" y="0.5" width={width - 1} height={height - 1} rx="8" fill="#000" stroke="#a6a6a6" />
      {glyph}
      <text
        x="48"
        y="19"
        fill="#fff"
        fontFamily="system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif"
        fontSize="10"
      >
        {addTo}
      </text>
      <text
        x="48"
        y="36"
        fill="#fff"
        fontFamily="system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif"
        fontSize="14"
        fontWeight="600"
        textLength={92}
        lengthAdjust="spacingAndGlyphs"
      >
        {name}
      </text>
    </svg>
  );
}

/** A generic wallet: stacked cards in a pocket (our own drawing, not Apple's artwork). */
const appleGlyph = (
  <g>
    <rect x="11" y="10" width="28" height="26" rx="4" fill="#d9d9d9" />
    <rect x="11" y="10" width="28" height="8" rx="3" fill="#3a9bdc" />
    <rect x="11" y="15" width="28" height="8" rx="3" fill="#f5b83d" />
    <rect x="11" y="20" width="28" height="8" rx="3" fill="#e8544e" />
    <path d="M11 26 h9 a5 5 0 0 0 10 0 h9 v6 a4 4 0 0 1 -4 4 h-20 a4 4 0 0 1 -4 -4 z" fill="#bfbfbf" />
  </g>
);

/** A card with four coloured edges (our own drawing, not Google's artwork). */
const googleGlyph = (
  <g>
    <rect x="11" y="12" width="28" height="22" rx="4" fill="#fff" />
    <path d="M11 16 a4 4 0 0 1 4 -4 h20 a4 4 0 0 1 4 4 v2 h-28 z" fill="#4285f4" />
    <rect x="11" y="18" width="28" height="5" fill="#ea4335" />
    <rect x="11" y="23" width="28" height="5" fill="#fbbc04" />
    <path d="M11 28 h28 v2 a4 4 0 0 1 -4 4 h-20 a4 4 0 0 1 -4 -4 z" fill="#34a853" />
  </g>
);

/**
 * SPEC §2, §9 wallet badges: "Add to Apple Wallet" is a plain link to /api/passkit (the browser
 * downloads the pass), "Add to Google Wallet" goes to /add-to-google-wallet. Danish words under
 * da-DK. `token` is the onboarding step's wallet token, for a member who is not signed in yet.
 */
export function WalletBadges({ token }: { token?: string | undefined }) {
  const m = useMessages().wallet;
  const { locale } = useConfig();
  const lang = locale === 'da-DK' ? 'da' : 'en';
  return (
    <nav className={styles.badges} aria-label={m.badgesLabel}>
      <a className={styles.badge} href={withToken('/api/passkit', token)} aria-label={m.addToAppleWallet}>
        <BadgeArt addTo={m.badgeAddTo} name="Apple Wallet" glyph={appleGlyph} lang={lang} />
      </a>
      <Link
        className={styles.badge}
        to={withToken('/add-to-google-wallet', token)}
        aria-label={m.addToGoogleWallet}
      >
        <BadgeArt addTo={m.badgeAddTo} name="Google Wallet" glyph={googleGlyph} lang={lang} />
      </Link>
    </nav>
  );
}
