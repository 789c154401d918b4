import { type ReactNode, type RefObject, useEffect, useId } from 'react';
import styles from './dialog.module.css';

/**
 * A modal dialog: a dimmed backdrop, the panel with its heading, focus on `initialFocus` while open
 * and back on whatever had it before, Escape closes (WAI-ARIA dialog pattern).
 */
export function Dialog({
  title,
  initialFocus,
  onClose,
  children,
}: {
  title: string;
  initialFocus: RefObject<HTMLElement | null>;
  onClose: () => void;
  children: ReactNode;
}) {
  const titleId = useId();
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    initialFocus.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      opener?.focus();
    };
  }, [onClose, initialFocus]);
  return (
    <div className={styles.backdrop}>
      <div className={styles.dialog} role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <h2 id={titleId}>{title}</h2>
        {children}
      </div>
    </div>
  );
}
