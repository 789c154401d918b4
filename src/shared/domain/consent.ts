/**
 * The marketing consent state machine of SPEC §4, as pure functions (no React, no Node).
 *
 * How to use it:
 * - Hold a `MarketingConsentValue` ({ email, whatsapp }, each 'consent' | 'decline' | 'unknown').
 * - With telephone numbers enabled the member sees three options, Email, WhatsApp and No:
 *   `applyConsentOption(value, 'email' | 'whatsapp' | 'no', true)` gives the next value.
 * - Without telephone numbers there is a single yes/no on email:
 *   `applyConsentOption(value, 'yes' | 'no' | 'unknown', false)`.
 * - `consentOptions(value, telephoneEnabled)` lists what to offer ('unknown' only while email is unknown
 *   in the single question); `isConsentOptionSelected` says which options show as chosen.
 * - `consentUnanswered(value, telephoneEnabled)` is true while the form must not go on (§5: flag the
 *   options when errors are shown).
 * - `consentToAllowMarketing(value)` maps to the wire fields `allowMarketing` / `allowMarketingWhatsApp`.
 * The React control is `src/web/consent/marketing-consent-field.tsx`.
 */

export type ConsentChoice = 'consent' | 'decline' | 'unknown';

export interface MarketingConsentValue {
  email: ConsentChoice;
  whatsapp: ConsentChoice;
}

/** Options with telephone numbers enabled: toggle a channel, or No to both. */
export type ChannelConsentOption = 'email' | 'whatsapp' | 'no';
/** Options without telephone numbers: one yes/no question on email ('unknown' only while unknown). */
export type SingleConsentOption = 'yes' | 'no' | 'unknown';
export type ConsentOption = ChannelConsentOption | SingleConsentOption;

export const unknownConsent: MarketingConsentValue = { email: 'unknown', whatsapp: 'unknown' };

export const consentChoices: readonly ConsentChoice[] = ['consent', 'decline', 'unknown'];

/** Choosing a channel sets it to consent, or to decline if it already was consent. */
function toggle(choice: ConsentChoice): ConsentChoice {
  return choice === 'consent' ? 'decline' : 'consent';
}

/** When one channel is chosen, the other moves from unknown to decline (and is otherwise left alone). */
function settle(choice: ConsentChoice): ConsentChoice {
  return choice === 'unknown' ? 'decline' : choice;
}

/** The options the control offers for the current value (SPEC §4). */
export function consentOptions(value: MarketingConsentValue, telephoneEnabled: boolean): ConsentOption[] {
  if (telephoneEnabled) return ['email', 'whatsapp', 'no'];
  return value.email === 'unknown' ? ['unknown', 'yes', 'no'] : ['yes', 'no'];
}

/**
 * The next value after the member picks `option`. An option that is not offered in this mode
 * (e.g. 'whatsapp' without telephone numbers) leaves the value unchanged.
 */
export function applyConsentOption(
  value: MarketingConsentValue,
  option: ConsentOption,
  telephoneEnabled: boolean,
): MarketingConsentValue {
  if (telephoneEnabled) {
    switch (option) {
      case 'email':
        return { email: toggle(value.email), whatsapp: settle(value.whatsapp) };
      case 'whatsapp':
        return { email: settle(value.email), whatsapp: toggle(value.whatsapp) };
      case 'no':
        return { email: 'decline', whatsapp: 'decline' };
      default:
        return value;
    }
  }
  switch (option) {
    case 'yes':
      return { ...value, email: 'consent' };
    case 'no':
      return { ...value, email: 'decline' };
    default:
      // 'unknown' is offered only while unknown, so choosing it never forgets an answer.
      return value;
  }
}

/** Whether `option` shows as chosen for the current value. */
export function isConsentOptionSelected(
  value: MarketingConsentValue,
  option: ConsentOption,
  telephoneEnabled: boolean,
): boolean {
  if (telephoneEnabled) {
    switch (option) {
      case 'email':
        return value.email === 'consent';
      case 'whatsapp':
        return value.whatsapp === 'consent';
      case 'no':
        return value.email === 'decline' && value.whatsapp === 'decline';
      default:
        return false;
    }
  }
  switch (option) {
    case 'yes':
      return value.email === 'consent';
    case 'no':
      return value.email === 'decline';
    case 'unknown':
      return value.email === 'unknown';
    default:
      return false;
  }
}

/** SPEC §5: the options are flagged if email is unknown, or with telephone numbers if either is unknown. */
export function consentUnanswered(value: MarketingConsentValue, telephoneEnabled: boolean): boolean {
  return value.email === 'unknown' || (telephoneEnabled && value.whatsapp === 'unknown');
}

/** The wire form of §7 (`allowMarketing`, `allowMarketingWhatsApp`): true, false, or null while unknown. */
export function consentToAllowMarketing(value: MarketingConsentValue): {
  allowMarketing: boolean | null;
  allowMarketingWhatsApp: boolean | null;
} {
  const toBoolean = (choice: ConsentChoice) => (choice === 'unknown' ? null : choice === 'consent');
  return { allowMarketing: toBoolean(value.email), allowMarketingWhatsApp: toBoolean(value.whatsapp) };
}

/** The reverse of `consentToAllowMarketing`. */
export function allowMarketingToConsent(allow: boolean | null | undefined): ConsentChoice {
  if (allow === true) return 'consent';
  if (allow === false) return 'decline';
  return 'unknown';
}
