import { login } from '#shared/api/auth-endpoints.ts';
import { requestMagicLink } from '#shared/api/credentials-endpoints.ts';
import { call } from '../api.ts';

/** The calls of the sign-in screens (SPEC §7). */
export const signInApi = {
  withPassword: (username: string, password: string) => call(login, { username, password }),
  /** Emails a sign-in link; `next` is where it lands after signing in. */
  requestLink: (email: string, next: string | null) =>
    call(requestMagicLink, { email, ...(next ? { next } : {}) }),
};
