import type { ReactNode } from 'react';
import styles from './form.module.css';

/**
 * The form's classes (form.module.css). Apart from the fields (form.tsx), so the first load, which
 * shows messages (Home, the help pages' sign-in notice), carries no field code.
 */
export const formStyles = styles;

/** A form-level message: errors are announced (role=alert), others politely (role=status). */
export function Alert({ kind, children }: { kind: 'error' | 'success' | 'info'; children: ReactNode }) {
  return (
    <div className={`${styles.alert} ${styles[kind]}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
