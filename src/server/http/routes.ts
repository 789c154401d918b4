import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Endpoint } from '#shared/api/endpoint.ts';
import { badRequest, HttpError } from './errors.ts';

type Handler<E extends Endpoint> = (
  body: z.output<E['request']>,
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<z.input<E['response']> | HttpError | JsonText>;

/**
 * An answer already through its endpoint's response schema and serialized (a cached one, see
 * viewer-service.ts): sent as it is, without parsing it again.
 */
export class JsonText {
  constructor(readonly text: string) {}
}

/**
 * Registers the route of one SPEC §7 endpoint: the body (or query, for GET) is validated with the
 * shared request schema, and the answer passes through the response schema, which decides what
 * leaves the server. A handler answers a failure by returning (or throwing) an HttpError: the error
 * handler sends it as the one failure envelope. A JsonText is sent as it is.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  definition: E,
  handler: Handler<E>,
  config: FastifyContextConfig = {},
): void {
  app.route({
    method: definition.method,
    url: definition.path,
    config,
    handler: async (request, reply) => {
      const input = definition.method === 'GET' ? (request.query ?? {}) : (request.body ?? {});
      const body = parseOrThrow(definition.request, input) as z.output<E['request']>;
      const result = await handler(body, request, reply);
      if (result instanceof HttpError) throw result;
      if (result instanceof JsonText) return reply.type('application/json; charset=utf-8').send(result.text);
      return definition.response.parse(result);
    },
  });
}

/** Validates input against a schema; a failure is a 400 naming each bad field. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fieldErrors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') || 'body';
    fieldErrors[key] ??= issue.message;
  }
  const summary = Object.entries(fieldErrors)
    .map(([field, message]) => `${field}: ${message}`)
    .join('; ');
  throw badRequest('InvalidRequest', `Invalid request: ${summary}`, { fieldErrors });
}
