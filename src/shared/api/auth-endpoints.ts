import type { loginEndpoint, logoutEndpoint } from './auth.ts';
import { describe } from './descriptor.ts';

/** The browser's descriptors of the auth endpoints (zod-free: see descriptor.ts). */
export const login = describe<typeof loginEndpoint>('POST', '/api/login');
export const logout = describe<typeof logoutEndpoint>('POST', '/api/logout');
