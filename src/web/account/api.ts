import { deleteAccount, publicPage, updateAccount } from '#shared/api/account-endpoints.ts';
import type { RequestOf } from '#shared/api/descriptor.ts';
import { requestVerificationResend } from '#shared/api/joining-endpoints.ts';
import { call } from '../api.ts';

/** The calls of the My details screens. */
export const accountApi = {
  update: (details: RequestOf<typeof updateAccount>) => call(updateAccount, details),
  delete: (username: string) => call(deleteAccount, { username }),
  publicPage: (name: string) => call(publicPage, {}, { params: { name } }),
  /** Emails the verification link again (for the address waiting to be proven). */
  resendVerification: () => call(requestVerificationResend, {}),
};
