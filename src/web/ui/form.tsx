import {
  forwardRef,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';
import styles from './form.module.css';

interface FieldFrameProps {
  label: string;
  /** The message shown beside the field; its presence flags the field. */
  error?: string | null | undefined;
  /** Flags the field without a message of its own (the form shows one message for several fields). */
  invalid?: boolean;
  hint?: ReactNode;
}

type FieldProps = FieldFrameProps & InputHTMLAttributes<HTMLInputElement>;

/** What a field's control takes from its frame: its id, class, flag and description. */
interface ControlProps {
  id: string;
  className: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * A labelled control with its hint and message beside it (SPEC §5: fields are flagged with the
 * spec's message); `control` draws the input or select itself.
 */
function FieldFrame({
  label,
  error,
  invalid,
  hint,
  className,
  control,
}: FieldFrameProps & { className?: string | undefined; control: (props: ControlProps) => ReactNode }) {
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
      {control({
        id,
        className: [styles.input, flagged ? styles.invalid : null, className].filter(Boolean).join(' '),
        'aria-invalid': flagged ? true : undefined,
        'aria-describedby': describedBy,
      })}
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
}

/** A labelled input with its message beside it. */
export const TextField = forwardRef<HTMLInputElement, FieldProps>(function TextField(
  { label, error, invalid, hint, className, ...props },
  ref,
) {
  return (
    <FieldFrame
      {...{ label, error, invalid, hint, className }}
      control={(control) => <input ref={ref} {...control} {...props} />}
    />
  );
});

/** A labelled text area (a few sentences: an introduction) with its message beside it. */
export const TextAreaField = forwardRef<
  HTMLTextAreaElement,
  FieldFrameProps & TextareaHTMLAttributes<HTMLTextAreaElement>
>(function TextAreaField({ label, error, invalid, hint, className, ...props }, ref) {
  return (
    <FieldFrame
      {...{ label, error, invalid, hint, className }}
      control={(control) => <textarea ref={ref} rows={4} {...control} {...props} />}
    />
  );
});

/** A labelled email address field (the email keyboard, no spelling checks). */
export const EmailField = forwardRef<HTMLInputElement, FieldProps>(function EmailField(props, ref) {
  return <TextField ref={ref} type="email" inputMode="email" spellCheck={false} {...props} />;
});

/** A labelled select with its message beside it; `options` are its values and their words. */
export const SelectField = forwardRef<
  HTMLSelectElement,
  FieldFrameProps &
    SelectHTMLAttributes<HTMLSelectElement> & {
      options: readonly (readonly [value: string, words: string])[];
    }
>(function SelectField({ label, error, invalid, hint, className, options, ...props }, ref) {
  return (
    <FieldFrame
      {...{ label, error, invalid, hint }}
      className={[styles.select, className].filter(Boolean).join(' ')}
      control={(control) => (
        <select ref={ref} {...control} {...props}>
          {options.map(([value, words]) => (
            <option key={value} value={value}>
              {words}
            </option>
          ))}
        </select>
      )}
    />
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
