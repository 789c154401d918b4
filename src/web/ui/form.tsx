import { forwardRef, type InputHTMLAttributes, type ReactNode, useId } from 'react';
import styles from './form.module.css';

export const formStyles = styles;

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** The message shown beside the field; its presence flags the field. */
  error?: string | null | undefined;
  /** Flags the field without a message of its own (the form shows one message for several fields). */
  invalid?: boolean;
  hint?: ReactNode;
}

/** A labelled input with its message beside it (SPEC §5: fields are flagged with the spec's message). */
export const TextField = forwardRef<HTMLInputElement, FieldProps>(function TextField(
  { label, error, invalid, hint, className, ...props },
  ref,
) {
  const id = useId();
  const messageId = `${id}-message`;
  const hintId = `${id}-hint`;
  const flagged = invalid || Boolean(error);
  const describedBy = [error ? messageId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <input
        ref={ref}
        id={id}
        className={[styles.input, flagged ? styles.invalid : null, className].filter(Boolean).join(' ')}
        aria-invalid={flagged ? true : undefined}
        aria-describedby={describedBy}
        {...props}
      />
      {hint ? (
        <span id={hintId} className={styles.hint}>
          {hint}
        </span>
      ) : null}
      {error ? (
        <span id={messageId} className={styles.fieldError}>
          {error}
        </span>
      ) : null}
    </div>
  );
});

/**
 * A password field. With `username`, it carries the account's address in a hidden username field
 * beside it, so password managers save or fill the password for the right account.
 */
export const PasswordField = forwardRef<HTMLInputElement, FieldProps & { username?: string }>(
  function PasswordField({ username, ...props }, ref) {
    return (
      <>
        {username === undefined ? null : (
          <input type="email" name="username" autoComplete="username" value={username} readOnly hidden />
        )}
        <TextField ref={ref} type="password" {...props} />
      </>
    );
  },
);

/** A form-level message: errors are announced (role=alert), others politely (role=status). */
export function Alert({ kind, children }: { kind: 'error' | 'success' | 'info'; children: ReactNode }) {
  return (
    <div className={`${styles.alert} ${styles[kind]}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
