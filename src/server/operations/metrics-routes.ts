import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { measureOutboxOf, metrics, metricsRegistry } from './metrics.ts';

/**
 * The `route` label of a request: its route pattern, from a set fixed by the code. The web build's
 * hashed files are each a route of their own (@fastify/static, one per file), with new names at every
 * deploy: they count together under /assets/*. A request no route matched is `unmatched`.
 */
function routeLabel(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  if (pattern === undefined) return 'unmatched';
  return pattern.startsWith('/assets/') ? '/assets/*' : pattern;
}

/**
 * Times every request by its route label (never the raw URL: /api/x?token=… or a member's path
 * would be a label per member), and serves the metrics at GET /metrics to a scraper that sends
 * `Authorization: Bearer <METRICS_KEY>`. Without METRICS_KEY, /metrics answers 404; a wrong or
 * missing key 401. Not under /api, no session looked up, never cached (docs/decisions/0053-health-readiness-and-metrics.md).
 */
export function registerMetrics(app: FastifyInstance, ctx: AppContext): void {
  measureOutboxOf(ctx.db);
  app.addHook('onResponse', (request, reply, done) => {
    metrics.request(request.method, routeLabel(request), reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  const expected = ctx.metricsKey ? Buffer.from(`Bearer ${ctx.metricsKey}`) : null;
  app.get('/metrics', { config: { anonymous: true } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!expected) {
      return reply.code(404).type('text/plain; charset=utf-8').send('Metrics are off: set METRICS_KEY.');
    }
    const given = Buffer.from(request.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer')
        .type('text/plain; charset=utf-8')
        .send('A valid metrics key is required: Authorization: Bearer <METRICS_KEY>.');
    }
    return reply.type(metricsRegistry.contentType).send(await metricsRegistry.metrics());
  });
}
