import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import {
  changePassword,
  magicLink,
  passkeyLogin,
  passkeyLoginOptions,
  passkeyRegister,
  passkeyRegistrationOptions,
  passkeys,
  passwordReset,
  removePasskey,
  renamePasskey,
  requestPasswordReset,
} from '#shared/api/credentials-endpoints.ts';
import type { RequestOf } from '#shared/api/descriptor.ts';
import {
  reauthenticateWithLink,
  reauthenticateWithPasskey,
  reauthenticateWithPassword,
  reauthenticationPasskeyOptions,
  reauthenticationStatus,
  requestReauthenticationLink,
} from '#shared/api/reauthentication-endpoints.ts';
import { call } from '../api.ts';
import { optionsOf } from './passkey-ceremony.ts';

type WebAuthnCredential = RequestOf<typeof passkeyLogin>['response'];

/**
 * The WebAuthn JSON the browser library makes is what the schema's loose credential object checks;
 * their types differ only in that the schema's allows unknown extension fields. Converted here once.
 */
const credential = (response: AuthenticationResponseJSON | RegistrationResponseJSON) =>
  response as unknown as WebAuthnCredential;

const registrationOptions = () => call(passkeyRegistrationOptions, {});
const loginOptions = (autofill: boolean) => call(passkeyLoginOptions, { autofill });
const reauthenticationOptions = () => call(reauthenticationPasskeyOptions, {});

/** The calls of the credentials screens: emailed links, passwords, passkeys, confirming it's you. */
export const credentialsApi = {
  signInWithLink: (token: string, confirmed?: boolean) => call(magicLink, { token, confirmed }),
  requestPasswordReset: (username: string) => call(requestPasswordReset, { username }),
  resetPassword: (body: RequestOf<typeof passwordReset>) => call(passwordReset, body),
  changePassword: (password: string) => call(changePassword, { password }),
  passkeys: () => call(passkeys),
  renamePasskey: (body: RequestOf<typeof renamePasskey>) => call(renamePasskey, body),
  removePasskey: (body: RequestOf<typeof removePasskey>) => call(removePasskey, body),
  registrationOptions: () => optionsOf<PublicKeyCredentialCreationOptionsJSON>(registrationOptions()),
  register: (response: RegistrationResponseJSON) => call(passkeyRegister, { response: credential(response) }),
  loginOptions: (autofill: boolean) =>
    optionsOf<PublicKeyCredentialRequestOptionsJSON>(loginOptions(autofill)),
  loginWithPasskey: (response: AuthenticationResponseJSON) =>
    call(passkeyLogin, { response: credential(response) }),
  reauthenticationStatus: () => call(reauthenticationStatus),
  reauthenticateWithPassword: (password: string) => call(reauthenticateWithPassword, { password }),
  reauthenticationPasskeyOptions: () =>
    optionsOf<PublicKeyCredentialRequestOptionsJSON>(reauthenticationOptions()),
  reauthenticateWithPasskey: (response: AuthenticationResponseJSON) =>
    call(reauthenticateWithPasskey, { response: credential(response) }),
  requestReauthenticationLink: () => call(requestReauthenticationLink, {}),
  reauthenticateWithLink: (token: string) => call(reauthenticateWithLink, { token }),
};
