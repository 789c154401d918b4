import type {
  AuthenticationResponseJSON,
  RegistrationResponseJSON,
  VerifiedRegistrationResponse,
} from '@simplewebauthn/server';
import type { FastifyRequest } from 'fastify';

/**
 * @simplewebauthn/server, loaded at the first passkey ceremony rather than at start-up: importing it
 * took a quarter of a second of the server's start, and most starts never see a passkey
 * before the first page is served.
 */
type WebAuthn = typeof import('@simplewebauthn/server');

let loading: Promise<WebAuthn> | undefined;

export function webauthn(): Promise<WebAuthn> {
  loading ??= import('@simplewebauthn/server');
  return loading;
}

/** A stored passkey as both members' (passkeys) and staff's (staff_passkeys) tables keep it. */
export interface StoredPasskey {
  id: string;
  credential_id: string;
  public_key: Uint8Array;
  counter: number | string;
  transports: string;
}

/**
 * Checks a sign-in assertion against a stored passkey (user verification required). Answers the
 * authenticator's new counter, or null when the assertion is refused (logged, never thrown): callers
 * then store the counter only if it moved on, so of two answers with one count, one wins.
 */
export async function verifiedCounter(
  request: FastifyRequest,
  input: {
    credential: AuthenticationResponseJSON;
    challenge: string;
    expectedOrigin: string;
    rpID: string;
    passkey: StoredPasskey;
  },
): Promise<number | null> {
  const { credential, challenge, expectedOrigin, rpID, passkey } = input;
  try {
    const verification = await (await webauthn()).verifyAuthenticationResponse({
      response: credential,
      expectedChallenge: challenge,
      expectedOrigin,
      expectedRPID: rpID,
      requireUserVerification: true,
      credential: {
        id: passkey.credential_id,
        publicKey: new Uint8Array(passkey.public_key),
        counter: Number(passkey.counter),
        transports: JSON.parse(passkey.transports) as never,
      },
    });
    return verification.verified ? verification.authenticationInfo.newCounter : null;
  } catch (error) {
    request.log.info({ err: error }, 'passkey assertion refused');
    return null;
  }
}

/**
 * Checks a new passkey's registration over `challenge` (user verification required). Answers what to
 * store, or null when the registration is refused (logged, never thrown).
 */
export async function verifiedRegistration(
  request: FastifyRequest,
  input: { credential: RegistrationResponseJSON; challenge: string; expectedOrigin: string; rpID: string },
): Promise<NonNullable<VerifiedRegistrationResponse['registrationInfo']> | null> {
  try {
    const verification = await (await webauthn()).verifyRegistrationResponse({
      response: input.credential,
      expectedChallenge: input.challenge,
      expectedOrigin: input.expectedOrigin,
      expectedRPID: input.rpID,
      requireUserVerification: true,
    });
    return verification.verified ? verification.registrationInfo : null;
  } catch (error) {
    request.log.info({ err: error }, 'passkey registration refused');
    return null;
  }
}
