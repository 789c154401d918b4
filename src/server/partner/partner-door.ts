import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PartnerScope } from '#shared/api/api-keys.ts';
import type { Access, Endpoint } from '#shared/api/endpoint.ts';
import type { AppContext } from '../app-context.ts';
import { type Audit, type AuditActor, auditAs } from '../audit/audit-log.ts';
import { forbidden, HttpError } from '../http/errors.ts';
import { type Door, type Serve, serveThrough } from '../http/serve.ts';
import { findApiKey, touchApiKey } from './api-keys.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call a /partner/v1 route: its endpoint's access (set by the partner door only). */
    partnerAccess?: Extract<Access, { door: 'partner' }>['key'];
  }
}

/** Who called the partner API, as the routes see it (set by the door's hook for every request). */
export interface PartnerCaller {
  actor: AuditActor;
  /** The named key's scopes; the bootstrap key has every scope. */
  scopes: ReadonlySet<PartnerScope> | 'all';
}

const callers = new WeakMap<FastifyRequest, PartnerCaller>();

/** The bootstrap key (PARTNER_API_KEY, or the development operator key): every scope. */
const bootstrap: PartnerCaller = { actor: { kind: 'bootstrap' }, scopes: 'all' };

const sha256 = (text: string) => createHash('sha256').update(text).digest();

const invalidKey = () =>
  new HttpError(
    401,
    'InvalidApiKey',
    'A valid partner API key is required: Authorization: Bearer <key> (a named key, or PARTNER_API_KEY).',
  );

/** The caller a bearer token is: the bootstrap key, a live named key, or a 401. */
async function authenticate(ctx: AppContext, header: string | undefined, bootstrapHash: Buffer) {
  const token = /^Bearer (\S+)$/.exec(header ?? '')?.[1];
  if (!token) throw invalidKey();
  // Compared as hashes: equal lengths, constant time, whatever was sent.
  if (timingSafeEqual(sha256(token), bootstrapHash)) return bootstrap;
  if (!token.startsWith('lk_')) throw invalidKey();
  const key = await findApiKey(ctx.db, token);
  if (!key) throw invalidKey();
  if (key.revoked_at) {
    throw new HttpError(
      401,
      'ApiKeyRevoked',
      `This API key (${key.name}) was revoked on ${key.revoked_at.toISOString()}; ask for a new one.`,
    );
  }
  await touchApiKey(ctx.db, key);
  const caller: PartnerCaller = {
    actor: { kind: 'api_key', id: key.id, label: key.name },
    scopes: new Set(key.scopes),
  };
  return caller;
}

/** Refuses (403) a caller whose key does not grant the route. */
function checkAccess(caller: PartnerCaller, access: PartnerScope | 'any' | 'bootstrap', name: string): void {
  if (caller.scopes === 'all' || access === 'any') return;
  const label = caller.actor.kind === 'bootstrap' ? 'bootstrap key' : caller.actor.label;
  if (access === 'bootstrap') {
    throw forbidden(
      'BootstrapKeyRequired',
      `${name} needs the bootstrap key (PARTNER_API_KEY); a named API key (${label}) cannot call it.`,
    );
  }
  if (!caller.scopes.has(access)) {
    throw forbidden(
      'InsufficientScope',
      `This API key (${label}) lacks the scope "${access}" that ${name} needs; it has: ${[...caller.scopes].join(', ')}.`,
      { requiredScope: access },
    );
  }
}

/**
 * The partner door: `Authorization: Bearer <key>`, the bootstrap key or a named key holding the
 * endpoint's scope (src/shared/api/partner-endpoints.ts), checked before the body is read; the audit
 * actor is the key. Answers are sent as the services make them.
 */
const partnerDoor: Door<PartnerCaller | null, AuditActor, Audit> = {
  config: (endpoint: Endpoint) => {
    if (endpoint.access?.door !== 'partner') {
      throw new Error(`${endpoint.method} ${endpoint.path} is not a partner endpoint`);
    }
    return { partnerAccess: endpoint.access.key, anonymous: true };
  },
  caller: (request) => callers.get(request) ?? null,
  actor: (caller) => caller?.actor ?? null,
  parsesAnswers: false,
  audit: auditAs,
};

/**
 * Opens the partner API (under /partner/v1) and hands its registration to `register`. Every route
 * in the scope must come through the door (a route without its endpoint's access stops the server
 * at start), so nothing reaches the API unguarded.
 */
export async function registerPartnerDoor(
  app: FastifyInstance,
  ctx: AppContext,
  bootstrapKey: string,
  register: (serve: Serve<PartnerCaller | null, 'partner', AuditActor, Audit>) => void,
): Promise<void> {
  const bootstrapHash = sha256(bootstrapKey);
  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      if (!route.config?.partnerAccess) {
        throw new Error(`partner route ${route.url} is not declared in src/shared/api/partner-*.ts`);
      }
    });
    scope.addHook('onRequest', async (request) => {
      const access = request.routeOptions.config.partnerAccess;
      if (!access || access === 'public') return;
      const caller = await authenticate(ctx, request.headers.authorization, bootstrapHash);
      checkAccess(caller, access, `${request.method} ${request.routeOptions.url}`);
      callers.set(request, caller);
    });
    register(serveThrough(scope, partnerDoor));
  });
}
