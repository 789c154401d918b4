import { callApi } from '../api.ts';

export interface PasskeyOutcome {
  success: boolean;
  message?: string;
  /** The browser has no WebAuthn: show "Your current browser doesn't support Passkeys." */
  unsupported?: boolean;
  /** The member closed the browser's passkey dialog (or it timed out): nothing to apologise for. */
  cancelled?: boolean;
  /** This device already holds a passkey for the account. */
  alreadyRegistered?: boolean;
  /** The server's error code, e.g. RecentAuthenticationRequired (see confirm-identity.tsx). */
  error?: string;
}

interface OptionsAnswer {
  success: boolean;
  options?: unknown;
  message?: string;
  error?: string;
}

/**
 * Registers a passkey for the signed-in member (SPEC §7: register returns success, message).
 * Used by /help/passkeys, the invite flow's step 4 and guided signup. The WebAuthn library is
 * loaded on demand so it never weighs on the first load.
 */
export async function registerPasskey(): Promise<PasskeyOutcome> {
  let library: typeof import('@simplewebauthn/browser');
  try {
    library = await import('@simplewebauthn/browser');
  } catch {
    return { success: false };
  }
  const { browserSupportsWebAuthn, startRegistration } = library;
  if (!browserSupportsWebAuthn()) return { success: false, unsupported: true };
  const options = await callApi<OptionsAnswer>('/api/passkeys/registration-options', { body: {} });
  if (!options || typeof options !== 'object' || !options.success || !options.options) {
    const answer = options && typeof options === 'object' ? options : null;
    return {
      success: false,
      ...(answer?.message ? { message: answer.message } : {}),
      ...(answer?.error ? { error: answer.error } : {}),
    };
  }
  let response: unknown;
  try {
    response = await startRegistration({
      optionsJSON: options.options as Parameters<typeof startRegistration>[0]['optionsJSON'],
    });
  } catch (error) {
    const { name, code } = error as { name?: string; code?: string };
    if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED')
      return { success: false, alreadyRegistered: true };
    if (name === 'NotAllowedError' || name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED') {
      return { success: false, cancelled: true };
    }
    // The library's own wording is technical: the screens show their own message instead.
    return { success: false };
  }
  const result = await callApi<PasskeyOutcome>('/api/passkeys/register', { body: { response } });
  return result && typeof result === 'object'
    ? {
        success: Boolean(result.success),
        ...(result.message ? { message: result.message } : {}),
        ...(result.error ? { error: result.error } : {}),
      }
    : { success: false };
}
