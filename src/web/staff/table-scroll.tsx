import type { ReactNode } from 'react';
import styles from './staff.module.css';

/**
 * A table that may scroll sideways (on a tablet): a named, focusable region, so keyboard users can
 * scroll it too (axe: scrollable-region-focusable).
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard.
    <section className={styles.tableWrap} tabIndex={0} aria-label={label}>
      {children}
    </section>
  );
}
