import type {
  changePasswordEndpoint,
  magicLinkEndpoint,
  passkeyLoginEndpoint,
  passkeyLoginOptionsEndpoint,
  passkeyRegisterEndpoint,
  passkeyRegistrationOptionsEndpoint,
  passkeysEndpoint,
  passwordResetEndpoint,
  removePasskeyEndpoint,
  renamePasskeyEndpoint,
  requestMagicLinkEndpoint,
  requestPasswordResetEndpoint,
} from './credentials.ts';
import { describe } from './descriptor.ts';

/** The browser's descriptors of the credentials endpoints (zod-free: see descriptor.ts). */
export const requestMagicLink = describe<typeof requestMagicLinkEndpoint>('POST', '/api/request-magic-link');
export const magicLink = describe<typeof magicLinkEndpoint>('POST', '/api/magic-link');
export const requestPasswordReset = describe<typeof requestPasswordResetEndpoint>(
  'POST',
  '/api/request-password-reset',
);
export const passwordReset = describe<typeof passwordResetEndpoint>('POST', '/api/password-reset');
export const changePassword = describe<typeof changePasswordEndpoint>('POST', '/api/change-password');
export const passkeys = describe<typeof passkeysEndpoint>('GET', '/api/passkeys');
export const renamePasskey = describe<typeof renamePasskeyEndpoint>('POST', '/api/passkeys/rename');
export const removePasskey = describe<typeof removePasskeyEndpoint>('POST', '/api/passkeys/remove');
export const passkeyRegistrationOptions = describe<typeof passkeyRegistrationOptionsEndpoint>(
  'POST',
  '/api/passkeys/registration-options',
);
export const passkeyRegister = describe<typeof passkeyRegisterEndpoint>('POST', '/api/passkeys/register');
export const passkeyLoginOptions = describe<typeof passkeyLoginOptionsEndpoint>(
  'POST',
  '/api/passkeys/login-options',
);
export const passkeyLogin = describe<typeof passkeyLoginEndpoint>('POST', '/api/passkeys/login');
