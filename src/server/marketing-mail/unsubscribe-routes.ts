import type { FastifyInstance } from 'fastify';
import { unsubscribeEndpoint } from '#shared/api/marketing-mail.ts';
import type { AppContext } from '../app-context.ts';
import { route } from '../http/routes.ts';
import { unsubscribeByToken } from './unsubscribe.ts';

/**
 * POST /unsubscribe/:token, in a scope of its own: mail clients send RFC 8058's one-click POST as a
 * form (`List-Unsubscribe=One-Click`), a body type the rest of the app refuses. The body is never
 * read; GET of the same address is the page with the button (mail scanners follow GETs).
 */
export async function registerUnsubscribeRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'],
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, _body, done) => done(null, {}),
    );
    route(scope, unsubscribeEndpoint, async (_body, request, reply) => {
      const { token } = request.params as { token: string };
      const unsubscribed = await ctx.db.transaction((tx) => unsubscribeByToken(tx, token));
      reply.header('cache-control', 'no-store');
      return { success: true, unsubscribed };
    });
  });
}
