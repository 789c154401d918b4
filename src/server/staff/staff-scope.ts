import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Endpoint } from '#shared/api/endpoint.ts';
import { roleIncludes, type StaffRole } from '#shared/domain/staff-roles.ts';
import type { AppContext } from '../app-context.ts';
import { forbidden, type HttpError, unauthorized } from '../http/errors.ts';
import { route } from '../http/routes.ts';
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

type StaffHandler<E extends Endpoint> = (
  body: z.output<E['request']>,
  staff: StaffSession,
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<z.input<E['response']> | HttpError>;

/** A /staff-api route that needs `role` (or more): the handler gets the signed-in staff member. */
export function staffRoute<E extends Endpoint>(
  scope: FastifyInstance,
  definition: E,
  role: StaffRole,
  handler: StaffHandler<E>,
): void {
  route(
    scope,
    definition,
    async (body, request, reply) => {
      // The scope's hook has refused every request without a session of the role.
      const staff = request.staff as StaffSession;
      return handler(body, staff, request, reply);
    },
    { staffRole: role, anonymous: true },
  );
}

/** A /staff-api route anyone may call (sign-in, enrolment): request.staff is set when signed in. */
export function openStaffRoute<E extends Endpoint>(
  scope: FastifyInstance,
  definition: E,
  handler: Parameters<typeof route<E>>[2],
): void {
  route(scope, definition, handler, { staffRole: 'anyone', anonymous: true });
}
