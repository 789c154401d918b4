import { type FormEvent, useRef } from 'react';
import { consentUnanswered, type MarketingConsentValue } from '#shared/domain/consent.ts';
import { useConfig } from '../config-context.tsx';
import { MarketingConsentField } from '../consent/marketing-consent-field.tsx';
import { useMessages } from '../i18n/messages.tsx';
import { Button } from '../ui/button.tsx';
import { formStyles } from '../ui/form.tsx';
import { InviteStepForm, type ReadyInvite } from './invite-step-form.tsx';
import styles from './joining.module.css';
import { TermsLinks } from './onboarding.tsx';
import type { StartSignupState } from './start-signup-state.ts';

/**
 * Step 2 of the invite accept: the terms, the marketing question, Back and Join now. SPEC §4: Enter
 * joins; Shift+Enter or Alt+Enter goes back to step 1.
 */
export function InviteConsentsStep({
  invite,
  state,
  onConsentChange,
  onConsentMissing,
  onAccept,
  onBack,
}: {
  invite: ReadyInvite;
  state: StartSignupState;
  onConsentChange: (consent: MarketingConsentValue) => void;
  onConsentMissing: () => void;
  onAccept: () => void;
  onBack: () => void;
}) {
  const m = useMessages().joining;
  const config = useConfig();
  const { locked } = invite;
  const { busy } = state;
  const consentInput = useRef<HTMLInputElement & HTMLSelectElement>(null);

  function accept(event: FormEvent) {
    event.preventDefault();
    if (locked || busy) return;
    if (consentUnanswered(state.consent, config.enableTelephoneNumber)) {
      onConsentMissing();
      consentInput.current?.focus();
      return;
    }
    onAccept();
  }

  return (
    <InviteStepForm
      step={2}
      heading={m.consentsHeading}
      invite={invite}
      state={state}
      onSubmit={accept}
      onBack={onBack}
    >
      <TermsLinks />
      <MarketingConsentField
        ref={consentInput}
        value={state.consent}
        onChange={onConsentChange}
        telephoneEnabled={config.enableTelephoneNumber}
        showErrors={state.showConsentErrors}
        disabled={locked || busy}
      />
      <p className={`${styles.hint} ${styles.keyboardHint}`}>{m.keyboardHint}</p>
      <div className={`${formStyles.actions} ${styles.spread}`}>
        <Button variant="secondary" onClick={onBack} disabled={busy}>
          {m.back}
        </Button>
        <Button type="submit" disabled={locked || busy}>
          {busy ? m.accepting : m.accept}
        </Button>
      </div>
    </InviteStepForm>
  );
}
