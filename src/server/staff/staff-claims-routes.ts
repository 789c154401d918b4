import type { FastifyInstance } from 'fastify';
import { approveClaimEndpoint, refuseClaimEndpoint, staffClaimsEndpoint } from '#shared/api/staff-claims.ts';
import type { AppContext } from '../app-context.ts';
import { staffAudit } from '../audit/audit-log.ts';
import { approveClaim, listClaims, refuseClaim } from '../claims/claims-staff-service.ts';
import { staffRoute } from './staff-scope.ts';

/** The missing-purchase claims queue in the console (manager): claims-staff-service.ts, as the partner API and CLI use it. */
export function registerStaffClaimsRoutes(scope: FastifyInstance, ctx: AppContext): void {
  staffRoute(scope, staffClaimsEndpoint, async ({ status }) => ({
    claims: await listClaims(ctx.db, { status, limit: 200 }),
  }));
  staffRoute(scope, approveClaimEndpoint, async ({ id, points }, staff) => ({
    claim: await approveClaim(ctx, id, {
      ...(points === undefined ? {} : { points }),
      audit: staffAudit(staff, 'claim.approve'),
    }),
  }));
  staffRoute(scope, refuseClaimEndpoint, async ({ id, reason }, staff) => ({
    claim: await refuseClaim(ctx, id, reason, { audit: staffAudit(staff, 'claim.refuse') }),
  }));
}
