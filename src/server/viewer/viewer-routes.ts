import type { FastifyInstance } from 'fastify';
import { viewerEndpoint } from '#shared/api/viewer.ts';
import type { AppContext } from '../app-context.ts';
import { JsonText, route } from '../http/routes.ts';
import { viewerForRequest } from './viewer-service.ts';

export function registerViewerRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(
    app,
    viewerEndpoint,
    async (_query, request, reply) => {
      reply.header('cache-control', 'no-store');
      return new JsonText((await viewerForRequest(ctx, request)).json);
    },
    { ownSessionQuery: true },
  );
}
