/**
 * The one marketing consent control of SPEC §4, used by invite accept, sign-up and edit details.
 *
 * How to use it:
 *   const [consent, setConsent] = useState<MarketingConsentValue>({ email: 'unknown', whatsapp: 'unknown' });
 *   <MarketingConsentField
 *     value={consent}
 *     onChange={setConsent}
 *     telephoneEnabled={useConfig().enableTelephoneNumber}
 *     showErrors={submitted}            // flags the options while unanswered (§5)
 *     ref={consentRef}                  // optional: the first option, to move focus to it
 *   />
 *   if (consentUnanswered(consent, telephoneEnabled)) { setSubmitted(true); consentRef.current?.focus(); return; }
 *
 * With telephone numbers it offers Email, WhatsApp and No (toggles); without, one yes/no question on
 * email as a select, with "Please choose" only while unanswered. The transitions are the pure functions
 * of `#shared/domain/consent.ts`; send `consentToAllowMarketing(value)` or the choices themselves.
 */
import { forwardRef, type ReactNode, useId } from 'react';
import {
  applyConsentOption,
  type ConsentOption,
  consentOptions,
  consentUnanswered,
  isConsentOptionSelected,
  type MarketingConsentValue,
} from '#shared/domain/consent.ts';
import { useMessages } from '../i18n/messages.tsx';
import styles from './marketing-consent-field.module.css';

export interface MarketingConsentFieldProps {
  value: MarketingConsentValue;
  onChange: (next: MarketingConsentValue) => void;
  /** SPEC §1 enableTelephoneNumber: WhatsApp is offered only when telephone numbers are enabled. */
  telephoneEnabled: boolean;
  /** Flag the options (and say why) while the answer is missing. */
  showErrors?: boolean;
  disabled?: boolean;
  /** Replaces the default statement above the question (e.g. a sign-up specific wording). */
  statement?: ReactNode;
  /** Replaces the default legend. */
  legend?: string;
}

export const MarketingConsentField = forwardRef<
  HTMLInputElement & HTMLSelectElement,
  MarketingConsentFieldProps
>(function MarketingConsentField(
  { value, onChange, telephoneEnabled, showErrors = false, disabled = false, statement, legend },
  ref,
) {
  const m = useMessages().consent;
  const id = useId();
  const questionId = `${id}-question`;
  const errorId = `${id}-error`;
  const flagged = showErrors && consentUnanswered(value, telephoneEnabled);
  const choose = (option: ConsentOption) => onChange(applyConsentOption(value, option, telephoneEnabled));

  const labels: Record<ConsentOption, string> = {
    email: m.email,
    whatsapp: m.whatsapp,
    no: telephoneEnabled ? m.no : m.answerNo,
    yes: m.yes,
    unknown: m.unknown,
  };

  return (
    <fieldset className={styles.fieldset} aria-describedby={flagged ? errorId : undefined}>
      <legend className={styles.legend}>{legend ?? m.legend}</legend>
      <p className={styles.statement}>{statement ?? m.statement}</p>
      {telephoneEnabled ? (
        <>
          <p className={styles.question} id={questionId}>
            {m.channelsQuestion}
          </p>
          {/* biome-ignore lint/a11y/useSemanticElements: a labelled group inside the fieldset, not a second fieldset */}
          <div className={styles.options} role="group" aria-labelledby={questionId}>
            {consentOptions(value, true).map((option, index) => {
              const chosen = isConsentOptionSelected(value, option, true);
              return (
                <label
                  key={option}
                  className={[
                    styles.option,
                    chosen ? styles.chosen : null,
                    flagged ? styles.flagged : null,
                    disabled ? styles.disabled : null,
                  ]
                    .filter(Boolean)
                    .join(' ')}
                >
                  <input
                    ref={index === 0 ? ref : undefined}
                    type="checkbox"
                    name={`${id}-${option}`}
                    checked={chosen}
                    disabled={disabled}
                    aria-invalid={flagged ? true : undefined}
                    onChange={() => choose(option)}
                  />
                  {labels[option]}
                </label>
              );
            })}
          </div>
        </>
      ) : (
        <>
          <label className={styles.question} htmlFor={`${id}-select`}>
            {m.emailQuestion}
          </label>
          <select
            ref={ref}
            id={`${id}-select`}
            className={[styles.select, flagged ? styles.flagged : null].filter(Boolean).join(' ')}
            value={consentOptions(value, false).find((option) =>
              isConsentOptionSelected(value, option, false),
            )}
            disabled={disabled}
            aria-invalid={flagged ? true : undefined}
            onChange={(event) => choose(event.target.value as ConsentOption)}
          >
            {consentOptions(value, false).map((option) => (
              <option key={option} value={option} disabled={option === 'unknown'}>
                {labels[option]}
              </option>
            ))}
          </select>
        </>
      )}
      {flagged ? (
        <span id={errorId} className={styles.error} role="alert">
          {m.required}
        </span>
      ) : null}
    </fieldset>
  );
});
