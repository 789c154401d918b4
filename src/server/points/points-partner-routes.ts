import type { FastifyInstance, FastifyReply } from 'fastify';
import type { z } from 'zod';
import { type AccountRow, findAccountByLoyaltyIdOrEmail } from '../accounts/account-service.ts';
import { currentBurnRate } from '../accounts/account-view.ts';
import { proveEmail } from '../accounts/email-proof.ts';
import type { AppContext } from '../app-context.ts';
import { queryOne } from '../db/database.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import { parseOrThrow } from '../http/routes.ts';
import { isPending, type LedgerRow } from './ledger-rows.ts';
import {
  balancesOf,
  type KeyedResult,
  ledgerFor,
  recordAdjustment,
  recordPurchase,
  recordRedemption,
  recordReturn,
} from './ledger-service.ts';
import {
  adjustmentRequest,
  burnRateRequest,
  memberUpdateRequest,
  purchaseRequest,
  redemptionRequest,
  returnRequest,
} from './partner-schemas.ts';

/** A ledger row as the partner API answers it (the same answer for every replay of its key). */
export function partnerEntry(row: LedgerRow, loyaltyId: string) {
  return {
    id: String(row.id),
    kind: row.kind,
    key: row.request_key,
    loyaltyId,
    points: row.points,
    cash: row.cash,
    pending: isPending(row, new Date()),
    confirmsAt: row.confirms_at?.toISOString() ?? null,
    orderId: row.order_id,
    channel: row.channel,
    storeDisplayName: row.store_display_name,
    fasciaDisplayName: row.fascia_display_name,
    value: row.order_value,
    currency: row.order_currency,
    discount: row.discount,
    reason: row.reason,
    createdAt: row.created_at.toISOString(),
  };
}

async function memberFor(
  ctx: AppContext,
  ref: { loyaltyId?: string | undefined; email?: string | undefined },
): Promise<AccountRow> {
  const key = ref.loyaltyId ?? ref.email ?? '';
  const account = await findAccountByLoyaltyIdOrEmail(ctx.db, key);
  if (!account) throw notFound('MemberNotFound', `There is no member with the card number or email ${key}.`);
  return account;
}

async function loyaltyIdOf(ctx: AppContext, accountId: string): Promise<string> {
  const row = await queryOne<{ loyalty_id: string }>(
    ctx.db,
    'SELECT loyalty_id FROM accounts WHERE id = $1',
    [accountId],
  );
  return row?.loyalty_id ?? '';
}

/** Created (201) the first time; the same body and status on every replay, flagged by a header. */
async function answer(ctx: AppContext, reply: FastifyReply, result: KeyedResult) {
  reply.code(201);
  if (result.replayed) reply.header('idempotent-replayed', 'true');
  return {
    success: true,
    entry: partnerEntry(result.entry, await loyaltyIdOf(ctx, result.entry.account_id)),
  };
}

/** The member's state as staff see it (`member show`). */
async function memberDetails(ctx: AppContext, account: AccountRow) {
  const balances = await balancesOf(ctx.db, account.id);
  const recent = await ledgerFor(ctx.db, account.id, 10);
  return {
    success: true,
    member: {
      id: account.id,
      loyaltyId: account.loyalty_id,
      email: account.email,
      fullName: account.full_name,
      createdAt: account.created_at.toISOString(),
      currency: account.currency,
      ...balances,
      vipLevel: account.vip_level,
      emailVerified: account.email_verified,
      isCredit: account.is_credit,
      underReview: account.under_review,
      accessRules: {
        canRedeem: account.can_redeem,
        canConvert: account.can_convert,
        canSignIn: account.can_sign_in,
      },
      recent: recent.map((row) => partnerEntry(row, account.loyalty_id)),
    },
  };
}

const memberColumns: Record<keyof z.output<typeof memberUpdateRequest>, string> = {
  vipLevel: 'vip_level',
  canRedeem: 'can_redeem',
  canConvert: 'can_convert',
  canSignIn: 'can_sign_in',
  underReview: 'under_review',
  emailVerified: 'email_verified',
  isCredit: 'is_credit',
};

/** Partner routes of the points feature, under /partner/v1 (registered by partner-routes.ts). */
export function registerPointsPartnerRoutes(partner: FastifyInstance, ctx: AppContext): void {
  partner.post('/purchases', async (request, reply) => {
    const input = parseOrThrow(purchaseRequest, request.body);
    const account = await memberFor(ctx, input);
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
    const named = input.loyaltyId || input.email ? await memberFor(ctx, input) : null;
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
    const account = await memberFor(ctx, input);
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
    const account = await memberFor(ctx, input);
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
    await ctx.db.query(
      `INSERT INTO burn_rates (position, points_level, cash_value) VALUES (1, $1, $2)
       ON CONFLICT (position) DO UPDATE SET points_level = EXCLUDED.points_level, cash_value = EXCLUDED.cash_value`,
      [input.pointsLevel, input.cashValue],
    );
    return { success: true, burnRates: [input] };
  });

  partner.get<{ Params: { member: string } }>('/members/:member', async (request) => {
    const account = await memberFor(ctx, { loyaltyId: request.params.member });
    return memberDetails(ctx, account);
  });

  partner.post<{ Params: { member: string } }>('/members/:member', async (request) => {
    const input = parseOrThrow(memberUpdateRequest, request.body);
    const account = await memberFor(ctx, { loyaltyId: request.params.member });
    const changes = Object.entries(input).filter(([, v]) => v !== undefined) as [
      keyof typeof memberColumns,
      unknown,
    ][];
    if (changes.length === 0) throw badRequest('NothingToChange', 'Name at least one thing to change.');
    const sets = changes.map(([field], i) => `${memberColumns[field]} = $${i + 2}`);
    const updated = await ctx.db.transaction(async (tx) => {
      // Staff vouching for the address proves it, with all that proving means (other claims end).
      if (input.emailVerified === true && account.email && !account.email_verified) {
        const proof = await proveEmail(tx, account.id, account.email);
        if (!proof.ok)
          throw conflict('EmailProvenElsewhere', `Another member has already proved ${account.email}.`);
      }
      const row = await queryOne<AccountRow>(
        tx,
        `UPDATE accounts SET ${sets.join(', ')} WHERE id = $1 RETURNING *`,
        [
          account.id,
          ...changes.map(([field, value]) => (field === 'vipLevel' && value === '' ? null : value)),
        ],
      );
      // A member who may no longer sign in is signed out everywhere.
      if (input.canSignIn === false) await ctx.sessions.destroyAllFor(tx, account.id);
      return row;
    });
    if (!updated) throw notFound('MemberNotFound', 'No such member.');
    return memberDetails(ctx, updated);
  });
}
