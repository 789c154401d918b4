import { describe } from './descriptor.ts';
import type { endOtherSessionsEndpoint, endSessionEndpoint, sessionsEndpoint } from './sessions.ts';

/** The browser's descriptors of the sessions endpoints (zod-free: see descriptor.ts). */
export const sessions = describe<typeof sessionsEndpoint>('GET', '/api/sessions');
export const endSession = describe<typeof endSessionEndpoint>('POST', '/api/sessions/end');
export const endOtherSessions = describe<typeof endOtherSessionsEndpoint>('POST', '/api/sessions/end-others');
