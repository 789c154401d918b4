import {
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  startAuthentication,
  WebAuthnAbortService,
} from '@simplewebauthn/browser';
import type { Account, GooglePay } from '#shared/api/common.ts';
import type { Failure } from '../api.ts';
import { credentialsApi } from './api.ts';

/** SPEC §7: login returns success, account, failOver, message. */
export interface PasskeyLoginOutcome {
  success: boolean;
  account?: Account;
  googlePay?: GooglePay;
  /** The passkey did not work: fall back to emailing a magic link to the email, if one was given. */
  failOver?: boolean;
  /** The server's refusal, shown by its code. */
  failure?: Failure;
  /** The browser has no WebAuthn (or, for autofill, no conditional UI). */
  unsupported?: boolean;
  /** The ceremony was abandoned in favour of another (a button press replaces the autofill one). */
  aborted?: boolean;
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
  const options = await credentialsApi.loginOptions(autofill);
  if (!options.ok) return { success: false, failure: options };
  if (!options.options) return { success: false };
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
  const result = await credentialsApi.loginWithPasskey(response);
  if (result.ok) {
    const { account, googlePay } = result.data;
    return { success: true, ...(account ? { account } : {}), ...(googlePay ? { googlePay } : {}) };
  }
  return { success: false, failure: result, failOver: Boolean(result.details.failOver) && failOver };
}

/** Stops a pending ceremony (the autofill one) when its screen goes away. */
export function cancelPasskeyCeremony(): void {
  WebAuthnAbortService.cancelCeremony();
}
