import type { Failure } from '../api.ts';
import { credentialsApi } from './api.ts';
import { type CeremonyStopped, createPasskey } from './passkey-ceremony.ts';

/**
 * How creating a passkey ended: created; stopped by the browser (no WebAuthn, the member closed its
 * dialog, this device already holds one); or refused by the server (a Failure with its code, e.g.
 * RecentAuthenticationRequired — see confirm-identity.tsx).
 */
export type PasskeyOutcome = { ok: true } | CeremonyStopped | Failure;

/**
 * Registers a passkey for the signed-in member (SPEC §7: register returns success, message).
 * Used by /help/passkeys, the invite flow's step 4 and guided signup.
 */
export async function registerPasskey(): Promise<PasskeyOutcome> {
  const result = await createPasskey(credentialsApi.registrationOptions, credentialsApi.register);
  return result.ok ? { ok: true } : result;
}
