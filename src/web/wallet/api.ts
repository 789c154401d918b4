import { googlePayPass } from '#shared/api/wallet-endpoints.ts';
import { call } from '../api.ts';

/** The member's Google Wallet save link; `token` names a member not signed in yet (onboarding). */
export function googleWalletPass(token: string | null) {
  return call(googlePayPass, token ? { token } : {});
}
