import type { FastifyInstance } from 'fastify';
import { approveClaimEndpoint, refuseClaimEndpoint, staffClaimsEndpoint } from '#shared/api/staff-claims.ts';
import type { AppContext } from '../app-context.ts';
import { approveClaim, listClaims, refuseClaim } from '../claims/claims-staff-service.ts';
import { staffRoute } from './staff-scope.ts';

/** The missing-purchase claims queue in the console (manager): claims-staff-service.ts, as the partner API and CLI use it. */
export function registerStaffClaimsRoutes(scope: FastifyInstance, ctx: AppContext): void {
  staffRoute(scope, staffClaimsEndpoint, async ({ status }) => ({
    claims: await listClaims(ctx.db, { status, limit: 200 }),
  }));
  staffRoute(scope, approveClaimEndpoint, async ({ id, points }, _staff, { audit }) => ({
    claim: await approveClaim(ctx, id, {
      ...(points === undefined ? {} : { points }),
      audit,
    }),
  }));
  staffRoute(scope, refuseClaimEndpoint, async ({ id, reason }, _staff, { audit }) => ({
    claim: await refuseClaim(ctx, id, reason, { audit }),
  }));
}
