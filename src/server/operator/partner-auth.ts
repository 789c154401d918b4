import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Audit, type AuditActor, auditAs } from '../audit/audit-log.ts';
import { HttpError } from '../http/errors.ts';

/** Who called the partner API, as the routes see it (set by requirePartnerKey for every request). */
interface PartnerCaller {
  actor: AuditActor;
}

const callers = new WeakMap<FastifyRequest, PartnerCaller>();

/** The bootstrap key (PARTNER_API_KEY, or the development operator key): every scope. */
const bootstrap: PartnerCaller = { actor: { kind: 'bootstrap' } };

/** Every /partner/v1 call needs `Authorization: Bearer <key>`. */
export function requirePartnerKey(app: FastifyInstance, key: string): void {
  const expected = Buffer.from(`Bearer ${key}`);
  app.addHook('onRequest', async (request) => {
    const given = Buffer.from(request.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new HttpError(
        401,
        'InvalidApiKey',
        'A valid partner API key is required: Authorization: Bearer <PARTNER_API_KEY>.',
      );
    }
    callers.set(request, bootstrap);
  });
}

/** The audit row of this partner request's write, for the service to complete in its transaction. */
export function partnerAudit(request: FastifyRequest, action: string): Audit {
  const caller = callers.get(request);
  if (!caller) throw new Error('partnerAudit outside an authenticated partner request');
  return auditAs(caller.actor, action);
}
