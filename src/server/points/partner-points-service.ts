import type { z } from 'zod';
import type { AppContext } from '../app-context.ts';
import { badRequest, HttpError } from '../http/errors.ts';
import { parseOrThrow } from '../http/routes.ts';
import { findMember, loyaltyIdOf } from '../members/member-admin-service.ts';
import { recordAdjustment } from './adjustment-command.ts';
import type { KeyedResult } from './idempotent-writes.ts';
import { partnerEntry } from './partner-entry.ts';
import {
  type adjustmentRequest,
  purchaseRequest,
  type redemptionRequest,
  type returnRequest,
} from './partner-schemas.ts';
import { recordPurchase } from './purchase-command.ts';
import { recordRedemption } from './redemption-command.ts';
import { recordReturn } from './return-command.ts';

/** A purchase is in a currency the membership allows (allowedCurrencies), or refused with a 400. */
function allowedCurrency<T extends { currency: string }>(ctx: AppContext, input: T): T {
  const allowed = ctx.config.allowedCurrencies;
  if (allowed.includes(input.currency)) return input;
  const message = `currency ${input.currency} is not one this membership allows (${allowed.join(', ')})`;
  throw badRequest('CurrencyNotAllowed', `Invalid request: ${message}`, {
    fieldErrors: { currency: message },
  });
}

/**
 * The partner API's keyed writes (SPEC §7 partner API): each finds the member the request names and
 * records the command once per key; a replay answers the first result. The whole request body is
 * the idempotency fingerprint.
 */
export const partnerWrites = {
  purchase: async (ctx: AppContext, input: z.output<typeof purchaseRequest>) =>
    recordPurchase(
      ctx.db,
      { reference: allowedCurrency(ctx, input).loyaltyId ?? input.email ?? '' },
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
    ),

  /** A return may name its member; otherwise it is the order's. */
  return: async (ctx: AppContext, input: z.output<typeof returnRequest>) => {
    const named = input.loyaltyId || input.email ? await findMember(ctx.db, input) : null;
    const { returnId, orderId, points, value } = input;
    const returnedAt = input.returnedAt ? new Date(input.returnedAt) : null;
    return recordReturn(
      ctx.db,
      { returnId, orderId, points, value, returnedAt },
      { memberId: named?.id ?? null, body: input },
    );
  },

  adjustment: async (ctx: AppContext, input: z.output<typeof adjustmentRequest>) => {
    const { adjustmentId, points, reason } = input;
    return recordAdjustment(
      ctx.db,
      await findMember(ctx.db, input),
      { adjustmentId, points, reason },
      { body: input },
    );
  },

  redemption: async (ctx: AppContext, input: z.output<typeof redemptionRequest>) => {
    const { redemptionId, amount, currency, channel, storeDisplayName, fasciaDisplayName } = input;
    return recordRedemption(
      ctx.db,
      await findMember(ctx.db, input),
      { redemptionId, amount, currency, channel, storeDisplayName, fasciaDisplayName },
      { body: input, locale: ctx.config.locale },
    );
  },
};

/** What a keyed write answers: the entry as the partner API shows it. */
export async function partnerAnswer(ctx: AppContext, result: KeyedResult & { loyaltyId?: string }) {
  const loyaltyId = result.loyaltyId ?? (await loyaltyIdOf(ctx.db, result.entry.account_id));
  return { success: true, entry: partnerEntry(result.entry, loyaltyId) };
}

/** Purchases of one batch written at once: each its own transaction, on its own pool connection. */
const batchConcurrency = 8;

/**
 * A batch of purchases (tills and the web shop sending a backlog in one call): each is validated,
 * recorded and answered on its own, exactly as `POST /purchases` would (idempotent on its orderId,
 * so a batch sent twice records nothing twice), in the order given. A bad item answers its own 4xx
 * and the others go on; anything else is a fault and fails the call.
 */
export async function recordPurchaseBatch(ctx: AppContext, items: readonly unknown[]) {
  const results: Record<string, unknown>[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < items.length; i = next++) {
      const orderId = (items[i] as { orderId?: unknown } | null)?.orderId;
      try {
        const result = await partnerWrites.purchase(ctx, parseOrThrow(purchaseRequest, items[i]));
        const { entry } = await partnerAnswer(ctx, result);
        results[i] = { orderId, status: 201, replayed: result.replayed, entry };
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        results[i] = {
          orderId: typeof orderId === 'string' ? orderId : null,
          status: error.statusCode,
          ...error.body(),
        };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(batchConcurrency, items.length) }, worker));
  return { success: true, results };
}
