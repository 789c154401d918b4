import type { FastifyInstance } from 'fastify';
import {
  changeStaffRoleEndpoint,
  createStaffEndpoint,
  deactivateStaffEndpoint,
  endStaffSessionEndpoint,
  reactivateStaffEndpoint,
  revokeStaffPasskeyEndpoint,
  staffDevicesEndpoint,
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
  reactivateStaffMember,
} from './staff-admin-service.ts';
import { endStaffSessionById, revokeStaffPasskey, staffDevices } from './staff-devices-service.ts';
import { staffRoute } from './staff-scope.ts';

/** Staff accounts in the console: admins only. */
export function registerStaffAdminRoutes(scope: FastifyInstance, ctx: AppContext): void {
  staffRoute(scope, staffListEndpoint, async () => ({ staff: await listStaff(ctx) }));
  staffRoute(scope, createStaffEndpoint, async (body, staff, _request, reply) => {
    reply.code(201);
    return createStaffMember(ctx, body, staffAudit(staff, 'staff.create'));
  });
  staffRoute(scope, changeStaffRoleEndpoint, async ({ id, role }, staff) => ({
    staff: await changeStaffRole(ctx, id, role, staffAudit(staff, 'staff.change_role')),
  }));
  staffRoute(scope, deactivateStaffEndpoint, async ({ id }, staff) => ({
    staff: await deactivateStaffMember(ctx, id, staffAudit(staff, 'staff.deactivate')),
  }));
  staffRoute(scope, staffEnrolmentLinkEndpoint, async ({ id }, staff) =>
    newEnrolmentLink(ctx, id, staffAudit(staff, 'staff.enrolment_link')),
  );
  staffRoute(scope, reactivateStaffEndpoint, async ({ id }, staff) =>
    reactivateStaffMember(ctx, id, staffAudit(staff, 'staff.reactivate')),
  );
  // A staff member's passkeys and sessions: how an admin cuts off a lost device.
  staffRoute(scope, staffDevicesEndpoint, async ({ id }, staff) => staffDevices(ctx, id, staff.tokenHash));
  staffRoute(scope, revokeStaffPasskeyEndpoint, async ({ id, passkeyId }, staff) =>
    revokeStaffPasskey(
      ctx,
      { staffId: id, passkeyId },
      staff.tokenHash,
      staffAudit(staff, 'staff.revoke_passkey'),
    ),
  );
  staffRoute(scope, endStaffSessionEndpoint, async ({ id, sessionId }, staff) =>
    endStaffSessionById(
      ctx,
      { staffId: id, sessionId },
      staff.tokenHash,
      staffAudit(staff, 'staff.end_session'),
    ),
  );
}
