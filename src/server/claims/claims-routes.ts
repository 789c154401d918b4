import type { FastifyInstance } from 'fastify';
import { claimsEndpoint, createClaimEndpoint } from '#shared/api/claims.ts';
import type { AppContext } from '../app-context.ts';
import { route } from '../http/routes.ts';
import { requireSession } from '../sessions/session-plugin.ts';
import { memberClaims, submitClaim } from './claims-service.ts';

/** The member's "A purchase is missing?": report an order, and follow the reports. */
export function registerClaimsRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, createClaimEndpoint, async (input, request, reply) => {
    const session = requireSession(request);
    const claim = await submitClaim(ctx, session.accountId, input, reply);
    reply.code(201);
    return { success: true, claim };
  });

  route(app, claimsEndpoint, async (_input, request, reply) => {
    const session = requireSession(request);
    reply.header('cache-control', 'no-store');
    return { claims: await memberClaims(ctx.db, session.accountId) };
  });
}
