import { deleteAccount, publicPage, updateAccount } from '#shared/api/account-endpoints.ts';
import type { RequestOf } from '#shared/api/descriptor.ts';
import { call } from '../api.ts';

/** The calls of the My details screens. */
export const accountApi = {
  update: (details: RequestOf<typeof updateAccount>) => call(updateAccount, details),
  delete: (username: string) => call(deleteAccount, { username }),
  publicPage: (name: string) => call(publicPage, {}, { params: { name } }),
};
