import { endOtherSessions, endSession, sessions } from '#shared/api/sessions-endpoints.ts';
import { call } from '../api.ts';

/** The calls of the sessions list on /help/security. */
export const sessionsApi = {
  list: () => call(sessions),
  end: (id: string) => call(endSession, { id }),
  endOthers: () => call(endOtherSessions, {}),
};
