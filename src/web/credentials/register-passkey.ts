import type { Failure } from '../api.ts';
import { credentialsApi } from './api.ts';

/**
 * How creating a passkey ended: created; stopped by the browser (no WebAuthn, the member closed its
 * dialog, this device already holds one); or refused by the server (a Failure with its code, e.g.
 * RecentAuthenticationRequired — see confirm-identity.tsx).
 */
export type PasskeyOutcome =
  | { ok: true }
  | { ok: false; browser: 'unsupported' | 'cancelled' | 'alreadyRegistered' | 'failed' }
  | Failure;

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
    return { ok: false, browser: 'failed' };
  }
  const { browserSupportsWebAuthn, startRegistration } = library;
  if (!browserSupportsWebAuthn()) return { ok: false, browser: 'unsupported' };
  const options = await credentialsApi.registrationOptions();
  if (!options.ok) return options;
  if (!options.options) return { ok: false, browser: 'failed' };
  let response: Awaited<ReturnType<typeof startRegistration>>;
  try {
    response = await startRegistration({
      optionsJSON: options.options,
    });
  } catch (error) {
    const { name, code } = error as { name?: string; code?: string };
    if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED')
      return { ok: false, browser: 'alreadyRegistered' };
    if (name === 'NotAllowedError' || name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED') {
      return { ok: false, browser: 'cancelled' };
    }
    // The library's own wording is technical: the screens show their own message instead.
    return { ok: false, browser: 'failed' };
  }
  const result = await credentialsApi.register(response);
  return result.ok ? { ok: true } : result;
}
