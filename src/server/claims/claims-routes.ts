import type { FastifyInstance } from 'fastify';
import { claimStoresEndpoint, claimsEndpoint, createClaimEndpoint } from '#shared/api/claims.ts';
import type { AppContext } from '../app-context.ts';
import { route } from '../http/routes.ts';
import { memberClaims, submitClaim } from './claims-service.ts';
import { knownStores } from './known-stores.ts';

/** The member's "A purchase is missing?": report an order, and follow the reports. */
export function registerClaimsRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, createClaimEndpoint, async (input, _request, reply, session) => {
    const claim = await submitClaim(ctx, session.accountId, input, reply);
    reply.code(201);
    return { success: true, claim };
  });

  // Members only: the list is no secret, but nobody else needs it.
  route(app, claimStoresEndpoint, async (_input, _request, _reply, session) => {
    return { stores: await knownStores(ctx.db, session.accountId) };
  });

  route(app, claimsEndpoint, async (_input, _request, reply, session) => {
    reply.header('cache-control', 'no-store');
    return { claims: await memberClaims(ctx.db, session.accountId) };
  });
}
