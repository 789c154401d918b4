import type { deleteAccountEndpoint, publicPageEndpoint, updateAccountEndpoint } from './account.ts';
import { describe } from './descriptor.ts';

/** The browser's descriptors of the account endpoints (zod-free: see descriptor.ts). */
export const updateAccount = describe<typeof updateAccountEndpoint>('POST', '/api/update-account');
export const deleteAccount = describe<typeof deleteAccountEndpoint>('POST', '/api/delete-account');
export const publicPage = describe<typeof publicPageEndpoint>('GET', '/api/pages/:name');
