import { describe } from './descriptor.ts';
import type {
  reauthenticateWithLinkEndpoint,
  reauthenticateWithPasskeyEndpoint,
  reauthenticateWithPasswordEndpoint,
  reauthenticationPasskeyOptionsEndpoint,
  reauthenticationStatusEndpoint,
  requestReauthenticationLinkEndpoint,
} from './reauthentication.ts';

/** The browser's descriptors of the reauthentication endpoints (zod-free: see descriptor.ts). */
export const reauthenticationStatus = describe<typeof reauthenticationStatusEndpoint>(
  'GET',
  '/api/reauthentication',
);
export const reauthenticateWithPassword = describe<typeof reauthenticateWithPasswordEndpoint>(
  'POST',
  '/api/reauthenticate/password',
);
export const reauthenticationPasskeyOptions = describe<typeof reauthenticationPasskeyOptionsEndpoint>(
  'POST',
  '/api/reauthenticate/passkey-options',
);
export const reauthenticateWithPasskey = describe<typeof reauthenticateWithPasskeyEndpoint>(
  'POST',
  '/api/reauthenticate/passkey',
);
export const requestReauthenticationLink = describe<typeof requestReauthenticationLinkEndpoint>(
  'POST',
  '/api/reauthenticate/request-link',
);
export const reauthenticateWithLink = describe<typeof reauthenticateWithLinkEndpoint>(
  'POST',
  '/api/reauthenticate/link',
);
