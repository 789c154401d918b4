import { type FormEvent, useRef } from 'react';
import { consentUnanswered, type MarketingConsentValue } from '#shared/domain/consent.ts';
import { useConfig } from '../config-context.tsx';
import { JoiningTelephoneField, telephoneInvalid, whatsAppOffered } from '../consent/joining-telephone.tsx';
import { MarketingConsentField } from '../consent/marketing-consent-field.tsx';
import { useMessages } from '../i18n/messages.tsx';
import { formStyles } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { InviteStepForm, type ReadyInvite } from './invite-step-form.tsx';
import styles from './joining.module.css';
import { TermsLinks } from './onboarding.tsx';
import type { StartSignupState } from './start-signup-state.ts';

/**
 * Step 2 of the invite accept: the terms, the marketing question, Back and Join now. SPEC §4: Enter
 * joins; Shift+Enter or Alt+Enter goes back to step 1. With telephone numbers on, a customer whose
 * account has no number yet may give one here: WhatsApp is offered only with a number to go to.
 */
export function InviteConsentsStep({
  invite,
  state,
  onConsentChange,
  onConsentMissing,
  onTelephoneChange,
  onTelephoneInvalid,
  onAccept,
  onBack,
}: {
  invite: ReadyInvite;
  state: StartSignupState;
  onConsentChange: (consent: MarketingConsentValue) => void;
  onConsentMissing: () => void;
  onTelephoneChange: (typed: string) => void;
  onTelephoneInvalid: () => void;
  onAccept: () => void;
  onBack: () => void;
}) {
  const m = useMessages().joining;
  const config = useConfig();
  const { locked } = invite;
  const { busy } = state;
  const consentInput = useRef<HTMLInputElement & HTMLSelectElement>(null);
  const telephoneInput = useRef<HTMLInputElement>(null);
  const asksNumber = config.enableTelephoneNumber && !invite.hasTelephoneNumber;
  const offered = whatsAppOffered(config.enableTelephoneNumber, state.telephone, invite.hasTelephoneNumber);

  function accept(event: FormEvent) {
    event.preventDefault();
    if (locked || busy) return;
    if (asksNumber && telephoneInvalid(state.telephone, config.locale)) {
      onTelephoneInvalid();
      telephoneInput.current?.focus();
      return;
    }
    if (consentUnanswered(state.consent, offered)) {
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
      {asksNumber ? (
        <JoiningTelephoneField
          ref={telephoneInput}
          value={state.telephone}
          onChange={onTelephoneChange}
          invalid={state.telephoneFlagged}
          disabled={locked || busy}
        />
      ) : null}
      <MarketingConsentField
        ref={consentInput}
        value={state.consent}
        onChange={onConsentChange}
        telephoneEnabled={offered}
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
