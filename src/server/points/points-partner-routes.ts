import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { parseOrThrow } from '../http/routes.ts';
import { currentBurnRate } from '../members/account-view.ts';
import { findMember, loyaltyIdOf } from '../members/member-admin-service.ts';
import { recordAdjustment } from './adjustment-command.ts';
import { setBurnRate } from './burn-rate-service.ts';
import type { KeyedResult } from './idempotent-writes.ts';
import { partnerEntry } from './partner-entry.ts';
import {
  adjustmentRequest,
  burnRateRequest,
  purchaseRequest,
  redemptionRequest,
  returnRequest,
} from './partner-schemas.ts';
import { recordPurchase } from './purchase-command.ts';
import { recordRedemption } from './redemption-command.ts';
import { recordReturn } from './return-command.ts';

/** Created (201) the first time; the same body and status on every replay, flagged by a header. */
async function answer(ctx: AppContext, reply: FastifyReply, result: KeyedResult) {
  reply.code(201);
  if (result.replayed) reply.header('idempotent-replayed', 'true');
  return {
    success: true,
    entry: partnerEntry(result.entry, await loyaltyIdOf(ctx.db, result.entry.account_id)),
  };
}

/** Partner routes of the points feature, under /partner/v1 (registered by partner-routes.ts). */
export function registerPointsPartnerRoutes(partner: FastifyInstance, ctx: AppContext): void {
  partner.post('/purchases', async (request, reply) => {
    const input = parseOrThrow(purchaseRequest, request.body);
    const account = await findMember(ctx.db, input);
    const result = await recordPurchase(
      ctx.db,
      account,
      {
        orderId: input.orderId,
        channel: input.channel,
        storeDisplayName: input.storeDisplayName,
        fasciaDisplayName: input.fasciaDisplayName,
        value: input.value,
        currency: input.currency,
        points: input.points,
        purchasedAt: input.purchasedAt ? new Date(input.purchasedAt) : null,
        discount: input.discount,
      },
      { returnsWindowDays: ctx.config.returnsWindowDays, body: input },
    );
    return answer(ctx, reply, result);
  });

  partner.post('/returns', async (request, reply) => {
    const input = parseOrThrow(returnRequest, request.body);
    const named = input.loyaltyId || input.email ? await findMember(ctx.db, input) : null;
    const result = await recordReturn(
      ctx.db,
      {
        returnId: input.returnId,
        orderId: input.orderId,
        points: input.points,
        value: input.value,
        returnedAt: input.returnedAt ? new Date(input.returnedAt) : null,
      },
      { memberId: named?.id ?? null, body: input },
    );
    return answer(ctx, reply, result);
  });

  partner.post('/adjustments', async (request, reply) => {
    const input = parseOrThrow(adjustmentRequest, request.body);
    const account = await findMember(ctx.db, input);
    const result = await recordAdjustment(
      ctx.db,
      account,
      { adjustmentId: input.adjustmentId, points: input.points, reason: input.reason },
      { body: input },
    );
    return answer(ctx, reply, result);
  });

  partner.post('/redemptions', async (request, reply) => {
    const input = parseOrThrow(redemptionRequest, request.body);
    const account = await findMember(ctx.db, input);
    const result = await recordRedemption(
      ctx.db,
      account,
      {
        redemptionId: input.redemptionId,
        amount: input.amount,
        currency: input.currency,
        channel: input.channel,
        storeDisplayName: input.storeDisplayName,
        fasciaDisplayName: input.fasciaDisplayName,
      },
      { body: input, locale: ctx.config.locale },
    );
    return answer(ctx, reply, result);
  });

  partner.get('/burn-rates', async () => {
    const rate = await currentBurnRate(ctx.db);
    return { success: true, burnRates: rate ? [rate] : [] };
  });

  // Sets the first (the only used) burn-rate entry.
  partner.post('/burn-rates', async (request) => {
    const input = parseOrThrow(burnRateRequest, request.body);
    await setBurnRate(ctx.db, input);
    return { success: true, burnRates: [input] };
  });
}
