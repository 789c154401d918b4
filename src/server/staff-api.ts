import type { FastifyInstance } from 'fastify';
import type { AppContext } from './app-context.ts';
import { registerAppointmentStaffRoutes } from './appointments/appointments-staff-routes.ts';
import { registerStaffAuditRoutes } from './audit/staff-audit-routes.ts';
import { registerStaffEventsRoutes } from './events/events-routes.ts';
import { acceptRawUploads, registerImageStaffRoutes } from './images/image-routes.ts';
import { registerKeyStaffRoutes } from './partner/key-routes.ts';
import { registerStaffPrivateSalesRoutes } from './private-sales/sales-routes.ts';
import { registerScanStaffRoutes } from './scan/scan-routes.ts';
import { registerStaffAdminRoutes } from './staff/staff-admin-routes.ts';
import { registerStaffAuthRoutes } from './staff/staff-auth-routes.ts';
import { registerStaffClaimsRoutes } from './staff/staff-claims-routes.ts';
import { registerStaffMemberRoutes } from './staff/staff-member-routes.ts';
import { registerStaffScope, staffServe } from './staff/staff-scope.ts';
import { registerStoreStaffRoutes } from './stores/store-routes.ts';
import { registerStaffStyleGuidesRoutes } from './style-guides/guides-routes.ts';
import { registerStylistStaffRoutes } from './stylists/stylist-routes.ts';

/**
 * The staff console's API under /staff-api. A feature adds its staff routes here; each endpoint
 * declares the least role it needs (src/shared/api/staff*.ts), which the scope checks before
 * anything else. Features outside staff/ are handed the door's registration, never import it.
 */
export async function registerStaffApi(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await registerStaffScope(app, ctx, (scope) => {
    registerStaffAuthRoutes(scope, ctx);
    registerStaffMemberRoutes(scope, ctx);
    registerStaffClaimsRoutes(scope, ctx);
    registerStaffAdminRoutes(scope, ctx);
    const serve = staffServe(scope);
    registerStaffAuditRoutes(serve, ctx);
    registerKeyStaffRoutes(serve, ctx);
    registerScanStaffRoutes(serve, ctx);
    registerStaffPrivateSalesRoutes(serve, ctx);
    registerStaffEventsRoutes(serve, ctx);
    registerAppointmentStaffRoutes(serve, ctx);
    acceptRawUploads(scope);
    registerImageStaffRoutes(serve, ctx);
    registerStoreStaffRoutes(serve, ctx);
    registerStylistStaffRoutes(serve, ctx);
    registerStaffStyleGuidesRoutes(serve, ctx);
  });
}
