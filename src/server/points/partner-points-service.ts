import type { z } from 'zod';
import type {
  adjustmentRequest,
  purchaseRequest,
  redemptionRequest,
  returnRequest,
} from '#shared/api/partner-points.ts';
import type { AppContext } from '../app-context.ts';
import type { Audit } from '../audit/audit-log.ts';
import { badRequest, HttpError } from '../http/errors.ts';
import { findMember, loyaltyIdOf } from '../members/find-member.ts';
import { recordAdjustment } from './adjustment-command.ts';
import type { KeyedResult } from './idempotent-writes.ts';
import { partnerEntry } from './partner-entry.ts';
import { type PurchaseInput, recordPurchase } from './purchase-command.ts';
import { recordRedemption } from './redemption-command.ts';
import { recordReturn } from './return-command.ts';
import { keepUnmatched, unmatchedAnswer } from './unmatched-purchases.ts';

/** A purchase is in a currency the membership allows (allowedCurrencies), or refused with a 400. */
export function allowedCurrency<T extends { currency: string }>(ctx: AppContext, input: T): T {
  const allowed = ctx.config.allowedCurrencies;
  if (allowed.includes(input.currency)) return input;
  const message = `currency ${input.currency} is not one this membership allows (${allowed.join(', ')})`;
  throw badRequest('CurrencyNotAllowed', `Invalid request: ${message}`, {
    fieldErrors: { currency: message },
  });
}

function purchaseInputOf(input: z.output<typeof purchaseRequest>): PurchaseInput {
  return {
    orderId: input.orderId,
    channel: input.channel,
    storeDisplayName: input.storeDisplayName,
    fasciaDisplayName: input.fasciaDisplayName,
    value: input.value,
    currency: input.currency,
    points: input.points,
    purchasedAt: input.purchasedAt ? new Date(input.purchasedAt) : null,
    discount: input.discount,
  };
}

/**
 * The partner API's keyed writes (SPEC §7 partner API): each finds the member the request names and
 * records the command once per key; a replay answers the first result. The whole request body is
 * the idempotency fingerprint. `audit` writes the one audit row in the write's transaction (a replay
 * writes none).
 */
export const partnerWrites = {
  purchase: async (ctx: AppContext, input: z.output<typeof purchaseRequest>, audit?: Audit) =>
    recordPurchase(
      ctx.db,
      { reference: allowedCurrency(ctx, input).loyaltyId ?? input.email ?? '' },
      purchaseInputOf(input),
      { returnsWindowDays: ctx.config.returnsWindowDays, body: input, audit },
    ),

  /** A return may name its member; otherwise it is the order's. */
  return: async (ctx: AppContext, input: z.output<typeof returnRequest>, audit?: Audit) => {
    const named = input.loyaltyId || input.email ? await findMember(ctx.db, input) : null;
    const { returnId, orderId, points, value } = input;
    const returnedAt = input.returnedAt ? new Date(input.returnedAt) : null;
    return recordReturn(
      ctx.db,
      { returnId, orderId, points, value, returnedAt },
      { memberId: named?.id ?? null, body: input, audit, expiryMonths: ctx.config.pointsExpiry.months },
    );
  },

  adjustment: async (ctx: AppContext, input: z.output<typeof adjustmentRequest>, audit?: Audit) => {
    const { adjustmentId, points, reason } = input;
    return recordAdjustment(
      ctx.db,
      await findMember(ctx.db, input),
      { adjustmentId, points, reason },
      { body: input, audit },
    );
  },

  redemption: async (ctx: AppContext, input: z.output<typeof redemptionRequest>, audit?: Audit) => {
    const { redemptionId, amount, currency, channel, storeDisplayName, fasciaDisplayName } = input;
    return recordRedemption(
      ctx.db,
      await findMember(ctx.db, input),
      { redemptionId, amount, currency, channel, storeDisplayName, fasciaDisplayName },
      { body: input, locale: ctx.config.locale, audit },
    );
  },
};

/** What a keyed write answers: the entry as the partner API shows it. */
export async function partnerAnswer(ctx: AppContext, result: KeyedResult & { loyaltyId?: string }) {
  const loyaltyId = result.loyaltyId ?? (await loyaltyIdOf(ctx.db, result.entry.account_id));
  return { success: true, entry: partnerEntry(result.entry, loyaltyId) };
}

/** A partner purchase's answer: its status, whether it replayed, and the body. */
export interface PurchaseAnswer {
  status: 201 | 202;
  replayed: boolean;
  /** Whether a wallet pass may have changed (the member has one, and this request wrote). */
  passChanged: boolean;
  body: Record<string, unknown>;
}

/**
 * A partner purchase: recorded for its member (201), or, when no member has the card number or email
 * it names, kept unmatched (202) so the member can claim it (unmatched-purchases.ts). Both are
 * idempotent on the order id. `passChanged`: whether a wallet pass may have changed (the member has one).
 */
export async function partnerPurchase(
  ctx: AppContext,
  input: z.output<typeof purchaseRequest>,
  audit?: Audit,
): Promise<PurchaseAnswer> {
  try {
    const result = await partnerWrites.purchase(ctx, input, audit);
    const { replayed, passChanged } = result;
    return { status: 201, replayed, passChanged, body: await partnerAnswer(ctx, result) };
  } catch (error) {
    if (!(error instanceof HttpError) || error.code !== 'MemberNotFound') throw error;
    const reference = input.loyaltyId ?? input.email ?? '';
    const kept = await keepUnmatched(ctx.db, reference, purchaseInputOf(input), input, audit);
    // No member, so no pass.
    return { status: 202, replayed: kept.replayed, passChanged: false, body: unmatchedAnswer(kept.row) };
  }
}
