import {
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  startAuthentication,
  WebAuthnAbortService,
} from '@simplewebauthn/browser';
import type { Account, GooglePay } from '#shared/api/common.ts';
import { callApi } from '../api.ts';

/** SPEC §7: login returns success, account, failOver, message. */
export interface PasskeyLoginOutcome {
  success: boolean;
  account?: Account;
  googlePay?: GooglePay;
  /** The passkey did not work: fall back to emailing a magic link to the email, if one was given. */
  failOver?: boolean;
  message?: string;
  /** The browser has no WebAuthn (or, for autofill, no conditional UI). */
  unsupported?: boolean;
  /** The ceremony was abandoned in favour of another (a button press replaces the autofill one). */
  aborted?: boolean;
}

interface OptionsAnswer {
  success: boolean;
  options?: Parameters<typeof startAuthentication>[0]['optionsJSON'];
  message?: string;
}

/**
 * The lazily loaded passkey sign-in facility (SPEC §7): takes an email (for the fail-over) and an
 * autofill flag (conditional UI on the email field's `webauthn` autocomplete).
 */
export async function loginWithPasskey({
  email,
  autofill,
}: {
  email: string;
  autofill: boolean;
}): Promise<PasskeyLoginOutcome> {
  if (!browserSupportsWebAuthn()) return { success: false, unsupported: true };
  if (autofill && !(await browserSupportsWebAuthnAutofill())) return { success: false, unsupported: true };
  const failOver = email.trim() !== '';
  const options = await callApi<OptionsAnswer>('/api/passkeys/login-options', { body: { autofill } });
  if (!options || typeof options !== 'object' || !options.success || !options.options) {
    return {
      success: false,
      ...(options && typeof options === 'object' && options.message ? { message: options.message } : {}),
    };
  }
  let response: Awaited<ReturnType<typeof startAuthentication>>;
  try {
    response = await startAuthentication({ optionsJSON: options.options, useBrowserAutofill: autofill });
  } catch (error) {
    const name = (error as { name?: string; code?: string }).name;
    const code = (error as { code?: string }).code;
    if (name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED') return { success: false, aborted: true };
    // Cancelled, timed out, or no passkey for this site on this device: email a link instead.
    return { success: false, failOver };
  }
  const result = await callApi<PasskeyLoginOutcome>('/api/passkeys/login', { body: { response } });
  if (!result || typeof result !== 'object') return { success: false };
  return { ...result, failOver: Boolean(result.failOver) && failOver };
}

/** Stops a pending ceremony (the autofill one) when its screen goes away. */
export function cancelPasskeyCeremony(): void {
  WebAuthnAbortService.cancelCeremony();
}
