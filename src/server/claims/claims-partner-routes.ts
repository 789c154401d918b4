import * as partner from '#shared/api/partner-endpoints.ts';
import type { AppContext } from '../app-context.ts';
import type { PartnerServe } from '../audit/audited-doors.ts';
import { approveClaim, getClaim, listClaims, refuseClaim } from './claims-staff-service.ts';

/** Missing-purchase claims under /partner/v1 (the CLI's `claims list|approve|refuse`, the staff console). */
export function registerClaimsPartnerRoutes(serve: PartnerServe, ctx: AppContext): void {
  serve(partner.listClaims, async ({ status, limit, after }) => ({
    success: true as const,
    claims: await listClaims(ctx.db, { status, limit, ...(after ? { after } : {}) }),
  }));

  serve(partner.getClaim, async (_none, { params }) => ({
    success: true as const,
    claim: await getClaim(ctx.db, params.id),
  }));

  serve(partner.approveClaim, async ({ points }, { params, audit }) => {
    const claim = await approveClaim(ctx, params.id, {
      ...(points === undefined ? {} : { points }),
      audit,
    });
    return { success: true as const, claim };
  });

  serve(partner.refuseClaim, async ({ reason }, { params, audit }) => {
    const claim = await refuseClaim(ctx, params.id, reason, { audit });
    return { success: true as const, claim };
  });
}
