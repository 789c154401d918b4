import { callApi } from '../api.ts';

export interface PasskeyOutcome {
  success: boolean;
  message?: string;
  /** The browser has no WebAuthn: show "Your current browser doesn't support Passkeys." */
  unsupported?: boolean;
}

/**
 * Registers a passkey for the signed-in member (SPEC §7: register returns success, message).
 * Used by /help/passkeys, the invite flow's step 4 and guided signup. The WebAuthn library is
 * loaded on demand so it never weighs on the first load.
 */
export async function registerPasskey(): Promise<PasskeyOutcome> {
  const { browserSupportsWebAuthn, startRegistration } = await import('@simplewebauthn/browser');
  if (!browserSupportsWebAuthn()) return { success: false, unsupported: true };
  const options = await callApi<{ success: boolean; options?: unknown; message?: string }>(
    '/api/passkeys/registration-options',
    { body: {} },
  );
  if (!options || typeof options !== 'object' || !options.success || !options.options) {
    return {
      success: false,
      ...(options && typeof options === 'object' && options.message ? { message: options.message } : {}),
    };
  }
  let response: unknown;
  try {
    response = await startRegistration({
      optionsJSON: options.options as Parameters<typeof startRegistration>[0]['optionsJSON'],
    });
  } catch (error) {
    return { success: false, message: (error as Error).message };
  }
  const result = await callApi<PasskeyOutcome>('/api/passkeys/register', { body: { response } });
  return result && typeof result === 'object' ? result : { success: false };
}
