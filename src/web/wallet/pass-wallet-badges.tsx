import { useConfig } from '../config-context.tsx';
import styles from './wallet.module.css';
import { artwork } from './wallet-badges.tsx';

/** A pass other than the membership card's (an event ticket): its Apple download and Google save, and their words. */
export interface OtherPass {
  appleHref: string;
  onGoogle: () => void;
  /** The badges' group label and each badge's label, naming the pass. */
  label: string;
  appleLabel: string;
  googleLabel: string;
}

/**
 * The membership card's wallet badges (wallet-badges.tsx: the same artwork, size and styles) for
 * another pass: Apple's a plain link the browser downloads, Google's a button that asks for the save
 * link and goes there. A component of its own so Home's first load, at its budget, does not carry it.
 */
export function PassWalletBadges({ pass }: { pass: OtherPass }) {
  const art = artwork[useConfig().locale];
  return (
    <nav className={styles.badges} aria-label={pass.label}>
      <a className={styles.badge} href={pass.appleHref} aria-label={pass.appleLabel}>
        <img src={art.apple} width={150} height={46} alt="" loading="lazy" />
      </a>
      <button
        type="button"
        className={`${styles.badge} ${styles.badgeButton}`}
        onClick={pass.onGoogle}
        aria-label={pass.googleLabel}
      >
        <img src={art.google} width={150} height={46} alt="" loading="lazy" />
      </button>
    </nav>
  );
}
