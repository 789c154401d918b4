import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Endpoint, ParamsOf } from '#shared/api/endpoint.ts';
import { HttpError } from './errors.ts';
import { parseOrThrow } from './parse.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes a raw application/octet-stream body (an upload): see Endpoint.rawBody. */
    rawBody?: boolean;
  }
}

/**
 * A door: how callers come in (members' sessions, staff sessions, partner keys). The door's own
 * hooks authenticate and refuse before a body is read; `serve` asks it for the caller and for the
 * audit row of the caller's write, so no route authenticates or names its actor itself.
 */
export interface Door<Caller, Actor = unknown, Audit = unknown> {
  /** The route config the door's hooks read (the endpoint's access, mostly). */
  config(endpoint: Endpoint): FastifyContextConfig;
  /** Who is calling, once the door's hooks have let the request in. */
  caller(request: FastifyRequest): Caller;
  /** The audit log's actor for this caller (null: no audited writes through this door). */
  actor(caller: Caller): Actor | null;
  /** Whether answers pass through the response schema (which then decides what leaves the server). */
  parsesAnswers: boolean;
  /** Binds an actor and an action into the audit row a service completes in its transaction. */
  audit(actor: Actor, action: string): Audit;
}

/**
 * An answer already through its endpoint's response schema and serialized (a cached one, see
 * viewer-service.ts): sent as it is, without parsing it again.
 */
export class JsonText {
  constructor(readonly text: string) {}
}

/** What a handler gets besides its parsed input. */
interface Call<E extends Endpoint, Caller, Actor = unknown, Audit = unknown> {
  caller: Caller;
  /** The audit actor of the caller (the door's). */
  actor: Actor;
  /** The audit row of this write: the endpoint's declared action by this caller. */
  audit: Audit;
  params: ParamsOf<E['path']>;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type DoorHandler<E extends Endpoint, Caller, Actor = unknown, Audit = unknown> = (
  input: z.output<E['request']>,
  call: Call<E, Caller, Actor, Audit>,
) => Promise<z.input<E['response']> | HttpError | JsonText | FastifyReply>;

type DoorName = NonNullable<Endpoint['access']>['door'];

/**
 * A door's registration bound to one Fastify scope: what a feature's route file is given, so the
 * feature never imports the door. Only endpoints declared for that door type-check.
 */
export type Serve<Caller, D extends DoorName, Actor = unknown, Audit = unknown> = <
  E extends Endpoint & { access: { door: D } },
>(
  endpoint: E,
  handler: DoorHandler<E, Caller, Actor, Audit>,
  options?: RouteOptions,
) => void;

export interface RouteOptions {
  /** A larger body than the app's 64 KB (a batch). */
  bodyLimit?: number;
}

/**
 * Registers one endpoint behind a door: the body (or query, for GET) is validated with the
 * endpoint's request schema; the answer passes through the response schema when the door says so.
 * A handler answers a failure by returning (or throwing) an HttpError: the error handler sends it
 * as the one failure envelope. A JsonText is sent as it is; a reply the handler sent itself (a CSV,
 * a page) is left alone.
 */
export function serve<E extends Endpoint, Caller, Actor, Audit>(
  app: FastifyInstance,
  door: Door<Caller, Actor, Audit>,
  endpoint: E,
  handler: DoorHandler<E, Caller, Actor, Audit>,
  extra: RouteOptions = {},
): void {
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config: { ...door.config(endpoint), ...(endpoint.rawBody ? { rawBody: true } : {}) },
    ...extra,
    handler: async (request, reply) => {
      const input = endpoint.method === 'GET' ? (request.query ?? {}) : (request.body ?? {});
      const body = parseOrThrow(endpoint.request, input) as z.output<E['request']>;
      if (endpoint.status) reply.code(endpoint.status);
      const caller = door.caller(request);
      const result = await handler(body, callOf(door, endpoint, caller, request, reply));
      if (result instanceof HttpError) throw result;
      if (result instanceof JsonText) return reply.type('application/json; charset=utf-8').send(result.text);
      // A handler that sent its own reply (a file, a page) and returned it: awaiting a Fastify reply
      // waits for the response to finish and gives undefined (the reply is a thenable), so `sent` tells.
      if (result === reply || reply.sent) return reply;
      return door.parsesAnswers ? endpoint.response.parse(result) : result;
    },
  });
}

function callOf<E extends Endpoint, Caller, Actor, Audit>(
  door: Door<Caller, Actor, Audit>,
  endpoint: E,
  caller: Caller,
  request: FastifyRequest,
  reply: FastifyReply,
): Call<E, Caller, Actor, Audit> {
  return {
    caller,
    get actor() {
      const actor = door.actor(caller);
      if (!actor) throw new Error(`${endpoint.method} ${endpoint.path}: no caller to audit`);
      return actor;
    },
    get audit() {
      if (!endpoint.audit) throw new Error(`${endpoint.method} ${endpoint.path} declares no audit action`);
      return door.audit(this.actor, endpoint.audit);
    },
    params: request.params as ParamsOf<E['path']>,
    request,
    reply,
  };
}

/** A door's registration bound to a scope, to hand to the features' route files. */
export function serveThrough<Caller, D extends DoorName, Actor, Audit>(
  app: FastifyInstance,
  door: Door<Caller, Actor, Audit>,
): Serve<Caller, D, Actor, Audit> {
  return (endpoint, handler, options) => serve(app, door, endpoint, handler, options);
}
