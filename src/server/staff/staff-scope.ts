import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Endpoint } from '#shared/api/endpoint.ts';
import { roleIncludes, type StaffRole } from '#shared/domain/staff-roles.ts';
import type { AppContext } from '../app-context.ts';
import { type Audit, type AuditActor, auditAs, staffAudit } from '../audit/audit-log.ts';
import { forbidden, type HttpError, unauthorized } from '../http/errors.ts';
import { type Door, type Serve, serve, serveThrough } from '../http/serve.ts';
import { resolveStaffSession, type StaffSession, staffCookie } from './staff-sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in staff member (only ever set on /staff-api routes), or null. */
    staff: StaffSession | null;
  }
  interface FastifyContextConfig {
    /** The least role a /staff-api route needs; 'anyone' for sign-in and enrolment. */
    staffRole?: StaffRole | 'anyone';
  }
}

const staffSignInRequiredMessage = 'Sign in to the staff console first.';

/**
 * Registers the staff console's API. Every route is checked here, before its body is read: the
 * staff cookie must name a live session whose role includes the route's `staffRole`, otherwise 401
 * (no staff session: a member's session counts for nothing here) or 403 (the role does not
 * include it). Staff routes are `anonymous` to the members' session hook, so a member's cookie is
 * never even looked up on them.
 */
export async function registerStaffScope(
  app: FastifyInstance,
  ctx: AppContext,
  register: (scope: FastifyInstance) => void,
): Promise<void> {
  app.decorateRequest('staff', null);
  await app.register(async (scope) => {
    scope.addHook('onRequest', async (request) => {
      const needed = request.routeOptions.config.staffRole;
      if (!needed) throw new Error(`staff route ${request.routeOptions.url} names no staffRole`);
      const token = request.cookies[staffCookie(ctx.origin).name];
      request.staff = token ? await resolveStaffSession(ctx, token) : null;
      if (needed === 'anyone') return;
      if (!request.staff) throw unauthorized('StaffSignInRequired', staffSignInRequiredMessage);
      if (!roleIncludes(request.staff.role, needed)) {
        throw forbidden('StaffRoleRequired', `This needs the ${needed} role; you are ${request.staff.role}.`);
      }
    });
    register(scope);
  });
}

/**
 * What a staff handler gets besides its input and the signed-in staff member: the audit row of its
 * write (the endpoint's declared action by this staff member, which the handler's service completes
 * with the member and the change in its transaction), the request and the reply.
 */
interface StaffCall {
  audit: Audit;
  request: FastifyRequest;
  reply: FastifyReply;
}

type StaffHandler<E extends Endpoint> = (
  body: z.output<E['request']>,
  staff: StaffSession,
  call: StaffCall,
) => Promise<z.input<E['response']> | HttpError>;

type StaffEndpoint = Endpoint & { access: { door: 'staff' } };

/**
 * The staff door: the scope's hook has checked the session and the endpoint's role before the body
 * is read; the caller is the signed-in staff member (null only on 'anyone' routes), the audit
 * actor that staff member.
 */
const staffDoor: Door<StaffSession | null, AuditActor, Audit> = {
  config: (endpoint) => {
    if (endpoint.access?.door !== 'staff') {
      throw new Error(`${endpoint.method} ${endpoint.path} is not a staff endpoint`);
    }
    return { staffRole: endpoint.access.role, anonymous: true };
  },
  caller: (request) => request.staff,
  actor: (staff) => (staff ? { kind: 'staff', id: staff.staffId, label: staff.email } : null),
  parsesAnswers: true,
  audit: auditAs,
};

/** The staff door bound to the /staff-api scope, for a feature's staff routes (handlers get `call.caller`). */
export function staffServe(scope: FastifyInstance): Serve<StaffSession | null, 'staff', AuditActor, Audit> {
  return serveThrough(scope, staffDoor);
}

/** A /staff-api route that needs its endpoint's role (or more): the handler gets the signed-in staff member. */
export function staffRoute<E extends StaffEndpoint>(
  scope: FastifyInstance,
  definition: E,
  handler: StaffHandler<E>,
): void {
  // The scope's hook has refused every request without a session of the role.
  serve(scope, staffDoor, definition, (body, call) =>
    handler(body, call.caller as StaffSession, {
      // Read only by a write, which declares its action (the door throws for one that does not).
      get audit() {
        return call.audit;
      },
      request: call.request,
      reply: call.reply,
    }),
  );
}

/**
 * A /staff-api route anyone may call (sign-in, enrolment): request.staff is set when signed in. Its
 * write has no session to name the actor, so the handler names them once known (the staff member
 * enrolling) and `auditBy` binds them to the endpoint's declared action.
 */
export function openStaffRoute<E extends StaffEndpoint>(
  scope: FastifyInstance,
  definition: E,
  handler: (
    body: z.output<E['request']>,
    request: FastifyRequest,
    reply: FastifyReply,
    auditBy: (staff: { staffId: string; email: string }) => Audit,
  ) => Promise<z.input<E['response']> | HttpError>,
): void {
  const auditBy = (staff: { staffId: string; email: string }) => {
    if (!definition.audit)
      throw new Error(`${definition.method} ${definition.path} declares no audit action`);
    return staffAudit(staff, definition.audit);
  };
  serve(scope, staffDoor, definition, (body, { request, reply }) => handler(body, request, reply, auditBy));
}
