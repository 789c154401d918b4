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
  staffRoute(scope, createStaffEndpoint, async (body, _staff, { reply, audit }) => {
    reply.code(201);
    return createStaffMember(ctx, body, audit);
  });
  staffRoute(scope, changeStaffRoleEndpoint, async ({ id, role }, _staff, { audit }) => ({
    staff: await changeStaffRole(ctx, id, role, audit),
  }));
  staffRoute(scope, deactivateStaffEndpoint, async ({ id }, _staff, { audit }) => ({
    staff: await deactivateStaffMember(ctx, id, audit),
  }));
  staffRoute(scope, staffEnrolmentLinkEndpoint, async ({ id }, _staff, { audit }) =>
    newEnrolmentLink(ctx, id, audit),
  );
  staffRoute(scope, reactivateStaffEndpoint, async ({ id }, _staff, { audit }) =>
    reactivateStaffMember(ctx, id, audit),
  );
  // A staff member's passkeys and sessions: how an admin cuts off a lost device.
  staffRoute(scope, staffDevicesEndpoint, async ({ id }, staff) => staffDevices(ctx, id, staff.tokenHash));
  staffRoute(scope, revokeStaffPasskeyEndpoint, async ({ id, passkeyId }, staff, { audit }) =>
    revokeStaffPasskey(ctx, { staffId: id, passkeyId }, staff.tokenHash, audit),
  );
  staffRoute(scope, endStaffSessionEndpoint, async ({ id, sessionId }, staff, { audit }) =>
    endStaffSessionById(ctx, { staffId: id, sessionId }, staff.tokenHash, audit),
  );
}
