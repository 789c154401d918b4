import { useMessages } from '../i18n/messages.tsx';
import styles from './joining.module.css';

export interface Confirmations {
  confirmAge: boolean;
  acceptTerms: boolean;
}

/** SPEC §5 sign-up: the member confirms being over 17 and agreeing to the terms and privacy policy. */
export function ConfirmationChecks({
  value,
  onChange,
  showErrors,
  disabled,
}: {
  value: Confirmations;
  onChange: (next: Confirmations) => void;
  showErrors: boolean;
  disabled?: boolean;
}) {
  const m = useMessages().joining;
  const flagged = showErrors && !(value.confirmAge && value.acceptTerms);
  return (
    <div className={styles.checks}>
      <label className={`${styles.check} ${showErrors && !value.confirmAge ? styles.flagged : ''}`}>
        <input
          type="checkbox"
          name="confirmAge"
          checked={value.confirmAge}
          disabled={disabled}
          aria-invalid={showErrors && !value.confirmAge ? true : undefined}
          onChange={(event) => onChange({ ...value, confirmAge: event.target.checked })}
        />
        <span>{m.confirmAge}</span>
      </label>
      <label className={`${styles.check} ${showErrors && !value.acceptTerms ? styles.flagged : ''}`}>
        <input
          type="checkbox"
          name="acceptTerms"
          checked={value.acceptTerms}
          disabled={disabled}
          aria-invalid={showErrors && !value.acceptTerms ? true : undefined}
          onChange={(event) => onChange({ ...value, acceptTerms: event.target.checked })}
        />
        <span>{m.confirmTerms}</span>
      </label>
      {flagged ? (
        <p role="alert" className={styles.checkError}>
          {m.confirmRequired}
        </p>
      ) : null}
    </div>
  );
}
