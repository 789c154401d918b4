import type { FastifyInstance } from 'fastify';
import {
  completeLinkWithNikeEndpoint,
  linkWithNikeEndpoint,
  unlinkNikeEndpoint,
} from '#shared/api/nike-link.ts';
import type { AppContext } from '../app-context.ts';
import { route } from '../http/routes.ts';
import { callbackParameters, completeLink, nikeMessages, startLink, unlink } from './nike-link-service.ts';

/**
 * SPEC §7 link-with-nike and complete-link-with-nike: the OAuth 2 authorization code flow with PKCE
 * and state, against the provider of nike-provider.ts. The state (stored hashed) and the PKCE
 * verifier are tied to the session that started the link, single use and expiring; the link is
 * keyed by the provider's subject id, never email. unlink-nike ends the link (My details).
 */
export function registerNikeLinkRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, linkWithNikeEndpoint, async (_body, request, _reply, session) => {
    return { success: true, link: await startLink(ctx, session, request.log) };
  });

  route(app, completeLinkWithNikeEndpoint, async (body, request, _reply, session) => {
    await completeLink(ctx, session, callbackParameters(body), request.log);
    return { success: true, message: nikeMessages.linked };
  });

  route(app, unlinkNikeEndpoint, async (_body, request, _reply, session) => {
    await unlink(ctx, session.accountId, request.log);
    return { success: true, message: nikeMessages.unlinked };
  });
}
