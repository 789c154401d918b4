import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Endpoint, MemberFeature } from '#shared/api/endpoint.ts';
import type { Config } from '#shared/config.ts';
import { type HttpError, notFound, unauthorized } from './errors.ts';
import { type Door, JsonText, serve } from './serve.ts';

export { parseOrThrow } from './parse.ts';
export { JsonText };

type MemberSession = FastifyRequest['session'];

declare module 'fastify' {
  interface FastifyInstance {
    /** The deployment's configuration, whose switches the members' door reads (openMemberDoor). */
    memberDoorConfig: Config;
  }
}

/** Each member feature's switch and what a caller gets while it is off: the feature is not there. */
const memberFeatures: Record<MemberFeature, { on(config: Config): boolean; off(): HttpError }> = {
  passkeys: {
    on: (config) => config.enableWebAuthnLogins,
    off: () => notFound('NotFound', 'Passkeys are not available.'),
  },
  // A deployment that switched emailed sign-in links off does not count the inbox as proof of who someone is.
  'link-reconfirmation': {
    on: (config) => config.enableMagicLinkLogins,
    off: () => notFound('NotFound', 'Confirming with an emailed link is not available.'),
  },
};

/** Gives the members' door the configuration its feature switches read; app.ts calls it before any route. */
export function openMemberDoor(app: FastifyInstance, config: Config): void {
  app.decorate('memberDoorConfig', config);
}

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
 * session, or none. Once the input is checked (a bad body is a 400 first, as it always was), an
 * endpoint's feature switch answers (404 while it is off, signed in or not), then an endpoint
 * declared for signed-in members is refused without a session. Members' own writes are not in the
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
  const access = definition.access;
  if (access.door !== 'member') {
    throw new Error(`${definition.method} ${definition.path} is not a member endpoint`);
  }
  const signedIn = access.who === 'signed-in';
  const feature = access.feature ? memberFeatures[access.feature] : undefined;
  const deployment = app.memberDoorConfig;
  if (feature && !deployment) throw new Error(`${definition.path}: open the members' door before its routes`);
  serve(app, memberDoor(config), definition, (body, { caller, request, reply }) => {
    if (feature && !feature.on(deployment)) throw feature.off();
    if (signedIn && !caller) throw signInRequired();
    return handler(body, request, reply, caller as SessionOf<E>);
  });
}
