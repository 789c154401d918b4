import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { readiness } from './health-service.ts';

/**
 * Health for load balancers and orchestrators, outside the members' routes (not under /api): no
 * session is looked up (`anonymous`), nothing is rate-limited, nothing is cached.
 * /healthz: the process answers (no database). /readyz: it can serve (see health-service.ts).
 */
export function registerHealthRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/healthz', { config: { anonymous: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });
  app.get('/readyz', { config: { anonymous: true } }, async (request, reply) => {
    const answer = await readiness(ctx.db, (error, check) =>
      request.log.warn({ err: error, check }, 'not ready'),
    );
    reply.header('cache-control', 'no-store');
    return reply
      .code(answer.ready ? 200 : 503)
      .send({ status: answer.ready ? 'ready' : 'not ready', ...answer });
  });
}
