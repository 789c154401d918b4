import type { FastifyInstance } from 'fastify';
import {
  changeStaffRoleEndpoint,
  createStaffEndpoint,
  deactivateStaffEndpoint,
  staffEnrolmentLinkEndpoint,
  staffListEndpoint,
} from '#shared/api/staff.ts';
import type { AppContext } from '../app-context.ts';
import { staffAudit } from '../audit/audit-log.ts';
import {
  changeStaffRole,
  createStaffMember,
  deactivateStaffMember,
  listStaff,
  newEnrolmentLink,
} from './staff-admin-service.ts';
import { staffRoute } from './staff-scope.ts';

/** Staff accounts in the console: admins only. */
export function registerStaffAdminRoutes(scope: FastifyInstance, ctx: AppContext): void {
  staffRoute(scope, staffListEndpoint, 'admin', async () => ({ staff: await listStaff(ctx) }));
  staffRoute(scope, createStaffEndpoint, 'admin', async (body, staff, _request, reply) => {
    reply.code(201);
    return createStaffMember(ctx, body, staffAudit(staff, 'staff.create'));
  });
  staffRoute(scope, changeStaffRoleEndpoint, 'admin', async ({ id, role }, staff) => ({
    staff: await changeStaffRole(ctx, id, role, staffAudit(staff, 'staff.change_role')),
  }));
  staffRoute(scope, deactivateStaffEndpoint, 'admin', async ({ id }, staff) => ({
    staff: await deactivateStaffMember(ctx, id, staffAudit(staff, 'staff.deactivate')),
  }));
  staffRoute(scope, staffEnrolmentLinkEndpoint, 'admin', async ({ id }, staff) =>
    newEnrolmentLink(ctx, id, staffAudit(staff, 'staff.enrolment_link')),
  );
}
