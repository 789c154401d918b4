import type { FastifyInstance } from 'fastify';
import * as api from '#shared/api/sessions.ts';
import type { AppContext } from '../app-context.ts';
import { route } from '../http/routes.ts';
import { memberSessionsService } from './member-sessions-service.ts';
import { endSession } from './session-plugin.ts';

/**
 * Sessions and devices (the rules: member-sessions-service.ts). Ending sessions needs
 * no recent authentication: it only takes access away, and the re-confirmation is kept for the
 * changes that can hand the account to someone else (docs/decisions/0022-sessions-and-devices-a-random-id.md).
 */
export function registerMemberSessionsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const sessions = memberSessionsService(ctx);

  route(app, api.sessionsEndpoint, async (_query, _request, _reply, session) => {
    return { success: true, sessions: await sessions.list(session) };
  });

  route(app, api.endSessionEndpoint, async ({ id }, request, reply, session) => {
    const { current } = await sessions.end(session, id);
    // The row is gone already; this clears the cookie of the browser that ended its own session.
    if (current) await endSession(ctx, request, reply);
    return { success: true, signedOut: current };
  });

  route(app, api.endOtherSessionsEndpoint, async (_body, _request, _reply, session) => {
    return { success: true, ended: await sessions.endOthers(session) };
  });
}
