import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Endpoint } from '#shared/api/endpoint.ts';
import type { HttpError } from './errors.ts';
import { type Door, JsonText, serve } from './serve.ts';

export { parseOrThrow } from './parse.ts';
export { JsonText };

type Handler<E extends Endpoint> = (
  body: z.output<E['request']>,
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<z.input<E['response']> | HttpError | JsonText>;

/**
 * The members' door (/api): the session hook (sessions/session-plugin.ts) has resolved the member's
 * session, or none; a handler that needs one asks requireSession. Members' own writes are not in the
 * staff audit log.
 */
function memberDoor(config: FastifyContextConfig): Door<FastifyRequest['session']> {
  return {
    config: () => config,
    caller: (request) => request.session,
    actor: () => null,
    parsesAnswers: true,
    audit: () => {
      throw new Error('a member endpoint declares no audit action');
    },
  };
}

/**
 * Registers the route of one SPEC §7 endpoint behind the members' door (see serve.ts): the body
 * (or query, for GET) is validated with the shared request schema, and the answer passes through the
 * response schema, which decides what leaves the server.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  definition: E,
  handler: Handler<E>,
  config: FastifyContextConfig = {},
): void {
  serve(app, memberDoor(config), definition, (body, { request, reply }) => handler(body, request, reply));
}
