import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../app-context.ts';
import type { Audit } from '../audit/audit-log.ts';
import { parseOrThrow } from '../http/routes.ts';
import { currentBurnRate } from '../members/account-view.ts';
import { partnerAudit } from '../operator/partner-auth.ts';
import { noPassChanged } from '../wallet/pass-wake.ts';
import { setBurnRate } from './burn-rate-service.ts';
import { runExpiryNow } from './expiry-job.ts';
import type { KeyedResult } from './idempotent-writes.ts';
import { allowedCurrency, partnerAnswer, partnerWrites } from './partner-points-service.ts';
import {
  adjustmentRequest,
  burnRateRequest,
  purchaseBatchRequest,
  purchaseRequest,
  redemptionRequest,
  returnRequest,
} from './partner-schemas.ts';
import { recordPurchaseBatch } from './purchase-batch.ts';
import { purchaseGroups } from './purchase-groups.ts';

/** Partner routes of the points feature, under /partner/v1 (registered by partner-routes.ts). */
export function registerPointsPartnerRoutes(partner: FastifyInstance, ctx: AppContext): void {
  /** A keyed write: created (201) the first time; the same body and status on every replay, flagged by a header. */
  function keyed<S extends z.ZodType>(
    schema: S,
    write: (ctx: AppContext, input: z.output<S>, audit: Audit) => Promise<KeyedResult>,
    action: string,
  ) {
    return async (request: FastifyRequest, reply: FastifyReply) => {
      const result = await write(ctx, parseOrThrow(schema, request.body), partnerAudit(request, action));
      reply.code(201);
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return partnerAnswer(ctx, result);
    };
  }

  const recordPurchase = purchaseGroups(ctx);
  // 201 for the member's purchase; 202 when no member has the card: kept unmatched, to be claimed.
  partner.post('/purchases', async (request, reply) => {
    const input = allowedCurrency(ctx, parseOrThrow(purchaseRequest, request.body));
    const result = await recordPurchase(input, partnerAudit(request, 'purchase.record'));
    reply.code(result.status);
    if (result.replayed) reply.header('idempotent-replayed', 'true');
    if (!result.passChanged) noPassChanged(request);
    return result.body;
  });
  // 200 with one result per purchase (201, or its own 4xx); 500 purchases need more than 64 KB.
  partner.post('/purchases/batch', { bodyLimit: 1024 * 1024 }, async (request) => {
    const { purchases } = parseOrThrow(purchaseBatchRequest, request.body);
    const answer = await recordPurchaseBatch(ctx, purchases, partnerAudit(request, 'purchase.record'));
    if (!answer.passChanged) noPassChanged(request);
    return { success: answer.success, results: answer.results };
  });
  partner.post('/returns', keyed(returnRequest, partnerWrites.return, 'return.record'));
  partner.post('/adjustments', keyed(adjustmentRequest, partnerWrites.adjustment, 'adjustment.record'));
  partner.post('/redemptions', keyed(redemptionRequest, partnerWrites.redemption, 'redemption.record'));

  partner.get('/burn-rates', async () => {
    const rate = await currentBurnRate(ctx.db);
    return { success: true, burnRates: rate ? [rate] : [] };
  });

  partner.post('/points-expiry/run', async (request) => ({
    success: true,
    ...(await runExpiryNow(ctx, partnerAudit(request, 'points_expiry.run'))),
  }));

  // Sets the first (the only used) burn-rate entry.
  partner.post('/burn-rates', async (request) => {
    const input = parseOrThrow(burnRateRequest, request.body);
    await setBurnRate(ctx.db, input, partnerAudit(request, 'burn_rate.set'));
    return { success: true, burnRates: [input] };
  });
}
