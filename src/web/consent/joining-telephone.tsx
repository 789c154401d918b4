/**
 * The telephone number a joining member may give beside their marketing choice (invitation step 2,
 * the in-store sign-up), with telephone numbers on. WhatsApp messages need a number to go to, so
 * WhatsApp is offered only once there is one: the one typed here, or the one the customer's account
 * already has (then this field is not shown). The server holds the same rule (400 TelephoneRequired).
 *
 * How to use it:
 *   const offered = whatsAppOffered(telephoneEnabled, typed, hasNumber);
 *   <JoiningTelephoneField value={typed} onChange={setTyped} invalid={shownProblem} />
 *   <MarketingConsentField telephoneEnabled={offered} … />
 *   send { allowMarketingWhatsApp: offered ? allow.allowMarketingWhatsApp : null,
 *          telephoneNumber: typedNumber(typed, locale) }
 */
import { forwardRef } from 'react';
import type { Locale } from '#shared/config.ts';
import { normaliseTelephone, telephoneMaxLength } from '#shared/domain/telephone.ts';
import { useMessages } from '../i18n/messages.tsx';
import { TextField } from '../ui/form.tsx';

/** Whether WhatsApp is a choice: telephone numbers on, and a number typed or already kept. */
export function whatsAppOffered(telephoneEnabled: boolean, typed: string, hasNumber: boolean): boolean {
  return telephoneEnabled && (hasNumber || typed.trim() !== '');
}

/** A typed number that is not one of the scheme's country (blank is fine: the number is optional). */
export function telephoneInvalid(typed: string, locale: Locale): boolean {
  return typed.trim() !== '' && normaliseTelephone(typed, locale) === null;
}

/** What to send: the typed number, or null when none is typed. */
export function typedNumber(typed: string): string | null {
  return typed.trim() === '' ? null : typed.trim();
}

export const JoiningTelephoneField = forwardRef<
  HTMLInputElement,
  { value: string; onChange: (typed: string) => void; invalid: boolean; disabled?: boolean }
>(function JoiningTelephoneField({ value, onChange, invalid, disabled = false }, ref) {
  const m = useMessages();
  return (
    <TextField
      ref={ref}
      label={m.joining.telephoneOptional}
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      maxLength={telephoneMaxLength}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      hint={m.account.edit.telephoneHint}
      error={invalid ? m.account.edit.telephoneInvalid : undefined}
      invalid={invalid}
      disabled={disabled}
    />
  );
});
