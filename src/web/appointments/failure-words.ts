import type { Failure } from '../api.ts';
import { useFailureText } from '../i18n/failure-text.ts';
import { useMessages } from '../i18n/messages.tsx';

/** The words for a failed appointments call: this feature's own codes from its catalogue, else the shared ones. */
export function useAppointmentFailureText(): (failure: Failure) => string {
  const m = useMessages().appointments;
  const failureText = useFailureText();
  return (failure) =>
    (m.failures as Record<string, string>)[failure.serverCode] ?? failureText(failure, { Unknown: m.failed });
}
