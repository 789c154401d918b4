import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Endpoint } from '#shared/api/endpoint.ts';
import { type HttpError, unauthorized } from './errors.ts';
import { type Door, JsonText, serve } from './serve.ts';

export { parseOrThrow } from './parse.ts';
export { JsonText };

type MemberSession = FastifyRequest['session'];

/** The session a handler gets: always one when its endpoint is declared for signed-in members. */
type SessionOf<E extends Endpoint> = E['access'] extends { who: 'signed-in' }
  ? NonNullable<MemberSession>
  : MemberSession;

type Handler<E extends Endpoint> = (
  body: z.output<E['request']>,
  request: FastifyRequest,
  reply: FastifyReply,
  session: SessionOf<E>,
) => Promise<z.input<E['response']> | HttpError | JsonText | FastifyReply>;

const signInRequiredMessage = 'To access your account details, you first need to sign in';

/** The 401 of a call that needs a signed-in member. */
export function signInRequired() {
  // SPEC §7/§8 name this code's field `errorCode`; it travels there too, beside the envelope's `error`.
  return unauthorized('LOGIN_REQUIRED', signInRequiredMessage, { errorCode: 'LOGIN_REQUIRED' });
}

/**
 * The members' door (/api): the session hook (sessions/session-plugin.ts) has resolved the member's
 * session, or none. An endpoint declared for signed-in members is refused without one, after its
 * input is checked (a bad body is a 400 first, as it always was); one that declares no `who` leaves
 * it to its handler. Members' own writes are not in the staff audit log.
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
  const access = definition.access;
  if (access && access.door !== 'member') {
    throw new Error(`${definition.method} ${definition.path} is not a member endpoint`);
  }
  const signedIn = access?.who === 'signed-in';
  serve(app, memberDoor(config), definition, (body, { caller, request, reply }) => {
    if (signedIn && !caller) throw signInRequired();
    return handler(body, request, reply, caller as SessionOf<E>);
  });
}
