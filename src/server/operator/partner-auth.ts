import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PartnerScope } from '#shared/api/api-keys.ts';
import type { AppContext } from '../app-context.ts';
import { type Audit, type AuditActor, auditAs } from '../audit/audit-log.ts';
import { forbidden, HttpError } from '../http/errors.ts';
import { findApiKey, touchApiKey } from './api-keys.ts';
import { type PartnerOperation, partnerOperation } from './partner-operations.ts';

/** Who called the partner API, as the routes see it (set by requirePartnerKey for every request). */
interface PartnerCaller {
  actor: AuditActor;
  /** The named key's scopes; the bootstrap key has every scope. */
  scopes: ReadonlySet<PartnerScope> | 'all';
}

const callers = new WeakMap<FastifyRequest, PartnerCaller>();

const prefix = '/partner/v1';

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

/** Refuses (403) a caller whose key does not grant the operation. */
function checkAccess(caller: PartnerCaller, op: PartnerOperation): void {
  if (caller.scopes === 'all' || op.access === 'any' || op.access === 'public') return;
  const label = caller.actor.kind === 'bootstrap' ? 'bootstrap key' : caller.actor.label;
  const name = `${op.method} ${prefix}${op.path}`;
  if (op.access === 'bootstrap') {
    throw forbidden(
      'BootstrapKeyRequired',
      `${name} needs the bootstrap key (PARTNER_API_KEY); a named API key (${label}) cannot call it.`,
    );
  }
  if (!caller.scopes.has(op.access)) {
    throw forbidden(
      'InsufficientScope',
      `This API key (${label}) lacks the scope "${op.access}" that ${name} needs; it has: ${[...caller.scopes].join(', ')}.`,
      { requiredScope: op.access },
    );
  }
}

/**
 * Guards every /partner/v1 route: `Authorization: Bearer <key>`, the bootstrap key or a named key
 * holding the operation's scope (partner-operations.ts). Every route must be in that table: one
 * registered without an entry stops the server at start.
 */
export function requirePartnerKey(app: FastifyInstance, ctx: AppContext, bootstrapKey: string): void {
  const bootstrapHash = sha256(bootstrapKey);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      if (!partnerOperation(method, route.url.slice(prefix.length))) {
        throw new Error(`partner route ${method} ${route.url} is not in partner-operations.ts`);
      }
    }
  });
  app.addHook('onRequest', async (request) => {
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    const url = request.routeOptions.url;
    const op = url === undefined ? undefined : partnerOperation(method, url.slice(prefix.length));
    if (op?.access === 'public') return;
    const caller = await authenticate(ctx, request.headers.authorization, bootstrapHash);
    if (op) checkAccess(caller, op);
    callers.set(request, caller);
  });
}

function callerOf(request: FastifyRequest): PartnerCaller {
  const caller = callers.get(request);
  if (!caller) throw new Error('no partner caller: the route is outside requirePartnerKey');
  return caller;
}

/** Who made this partner request, for the audit log. */
export function partnerActor(request: FastifyRequest): AuditActor {
  return callerOf(request).actor;
}

/** The audit row of this partner request's write, for the service to complete in its transaction. */
export function partnerAudit(request: FastifyRequest, action: string): Audit {
  return auditAs(partnerActor(request), action);
}
