import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { parseOrThrow } from '../http/routes.ts';
import { partnerAudit } from '../operator/partner-auth.ts';
import { claimApproval, claimsQuery, refusal } from './claims-schemas.ts';
import { approveClaim, getClaim, listClaims, refuseClaim } from './claims-staff-service.ts';

/** Missing-purchase claims under /partner/v1 (the CLI's `claims list|approve|refuse`, the staff console). */
export function registerClaimsPartnerRoutes(partner: FastifyInstance, ctx: AppContext): void {
  partner.get('/claims', async (request) => {
    const { status, limit, after } = parseOrThrow(claimsQuery, request.query);
    return {
      success: true,
      claims: await listClaims(ctx.db, { status, limit, ...(after ? { after } : {}) }),
    };
  });

  partner.get<{ Params: { id: string } }>('/claims/:id', async (request) => ({
    success: true,
    claim: await getClaim(ctx.db, request.params.id),
  }));

  partner.post<{ Params: { id: string } }>('/claims/:id/approve', async (request) => {
    const { points } = parseOrThrow(claimApproval, request.body ?? {});
    const claim = await approveClaim(ctx, request.params.id, {
      ...(points === undefined ? {} : { points }),
      audit: partnerAudit(request, 'claim.approve'),
    });
    return { success: true, claim };
  });

  partner.post<{ Params: { id: string } }>('/claims/:id/refuse', async (request) => {
    const { reason } = parseOrThrow(refusal, request.body);
    const claim = await refuseClaim(ctx, request.params.id, reason, {
      audit: partnerAudit(request, 'claim.refuse'),
    });
    return { success: true, claim };
  });
}
