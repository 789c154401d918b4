import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import type { CallResult, Failure } from '../api.ts';

/**
 * The two passkey ceremonies every passkey screen runs, members' and staff's alike: the server's
 * options, the browser's prompt, the server's answer. The WebAuthn library is loaded on demand, so
 * it never weighs on the first load.
 */

/** A ceremony stopped in the browser: no WebAuthn, the prompt closed, this device holds one already. */
export interface CeremonyStopped {
  ok: false;
  browser: 'unsupported' | 'cancelled' | 'alreadyRegistered' | 'failed';
}

/** The server's ceremony options (made with the same library, as it types them), or its refusal. */
type CeremonyOptions<O> = { ok: true; options: O | undefined } | Failure;

/** A call's answer whose `options` are the ceremony's, typed as the library types them. */
export async function optionsOf<O>(
  answer: Promise<CallResult<{ options?: unknown }>>,
): Promise<CeremonyOptions<O>> {
  const result = await answer;
  return result.ok ? { ok: true, options: result.data.options as O | undefined } : result;
}

type Library = typeof import('@simplewebauthn/browser');

async function library(): Promise<Library | CeremonyStopped> {
  try {
    const loaded = await import('@simplewebauthn/browser');
    return loaded.browserSupportsWebAuthn() ? loaded : { ok: false, browser: 'unsupported' };
  } catch {
    return { ok: false, browser: 'failed' };
  }
}

/** How the browser's prompt ended without a credential; the library's own wording is technical. */
function stopped(error: unknown): CeremonyStopped {
  const { name, code } = error as { name?: string; code?: string };
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED')
    return { ok: false, browser: 'alreadyRegistered' };
  if (name === 'NotAllowedError' || name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED')
    return { ok: false, browser: 'cancelled' };
  return { ok: false, browser: 'failed' };
}

/** Creates a passkey: `options` asks the server for the ceremony, `send` gives it the new credential. */
export async function createPasskey<T>(
  options: () => Promise<CeremonyOptions<PublicKeyCredentialCreationOptionsJSON>>,
  send: (response: RegistrationResponseJSON) => Promise<CallResult<T>>,
): Promise<CallResult<T> | CeremonyStopped> {
  const webAuthn = await library();
  if ('ok' in webAuthn) return webAuthn;
  const asked = await options();
  if (!asked.ok) return asked;
  if (!asked.options) return { ok: false, browser: 'failed' };
  let response: RegistrationResponseJSON;
  try {
    response = await webAuthn.startRegistration({ optionsJSON: asked.options });
  } catch (error) {
    return stopped(error);
  }
  return send(response);
}

/** Signs in with a passkey: `options` asks the server for the ceremony, `send` gives it the assertion. */
export async function authenticateWithPasskey<T>(
  options: () => Promise<CeremonyOptions<PublicKeyCredentialRequestOptionsJSON>>,
  send: (response: AuthenticationResponseJSON) => Promise<CallResult<T>>,
): Promise<CallResult<T> | CeremonyStopped> {
  const webAuthn = await library();
  if ('ok' in webAuthn) return webAuthn;
  const asked = await options();
  if (!asked.ok) return asked;
  if (!asked.options) return { ok: false, browser: 'failed' };
  let response: AuthenticationResponseJSON;
  try {
    response = await webAuthn.startAuthentication({ optionsJSON: asked.options });
  } catch (error) {
    return stopped(error);
  }
  return send(response);
}
