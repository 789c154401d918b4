import { logout } from '#shared/api/auth-endpoints.ts';
import { viewer } from '#shared/api/viewer-endpoints.ts';
import { viewerTimeoutMs } from '#shared/api/viewer-timeout.ts';
import { call } from '../api.ts';

/** The calls of the session: who is signed in (SPEC §4 Account load), and signing out. */
export const sessionApi = {
  viewer: () => call(viewer, {}, { timeoutMs: viewerTimeoutMs }),
  // keepalive: the call goes on if the page is left or reloaded meanwhile.
  logout: () => call(logout, {}, { keepalive: true }),
};
