/**
 * @simplewebauthn/server, loaded at the first passkey ceremony rather than at start-up: importing it
 * took a quarter of a second of the server's start (issue 13 §7), and most starts never see a passkey
 * before the first page is served.
 */
type WebAuthn = typeof import('@simplewebauthn/server');

let loading: Promise<WebAuthn> | undefined;

export function webauthn(): Promise<WebAuthn> {
  loading ??= import('@simplewebauthn/server');
  return loading;
}
