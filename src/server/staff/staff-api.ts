import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { registerStaffAuditRoutes } from '../audit/staff-audit-routes.ts';
import { registerStaffAdminRoutes } from './staff-admin-routes.ts';
import { registerStaffAuthRoutes } from './staff-auth-routes.ts';
import { registerStaffClaimsRoutes } from './staff-claims-routes.ts';
import { registerStaffMemberRoutes } from './staff-member-routes.ts';
import { registerStaffScope } from './staff-scope.ts';

/**
 * The staff console's API under /staff-api. A feature adds its staff routes here; each
 * names the least role it needs (staffRoute), which the scope checks before anything else.
 */
export async function registerStaffApi(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await registerStaffScope(app, ctx, (scope) => {
    registerStaffAuthRoutes(scope, ctx);
    registerStaffMemberRoutes(scope, ctx);
    registerStaffClaimsRoutes(scope, ctx);
    registerStaffAdminRoutes(scope, ctx);
    registerStaffAuditRoutes(scope, ctx);
  });
}
