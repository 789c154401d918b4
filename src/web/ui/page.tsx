import type { ReactNode } from 'react';
import styles from './page.module.css';

/** The content column of a screen; `narrow` for forms. */
export function Page({ narrow, children }: { narrow?: boolean; children: ReactNode }) {
  return <div className={narrow ? `${styles.page} ${styles.narrow}` : styles.page}>{children}</div>;
}
