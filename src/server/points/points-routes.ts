import type { FastifyInstance } from 'fastify';
import {
  burnRatesEndpoint,
  createExchangeEndpoint,
  maxTransactions,
  transactionsEndpoint,
} from '#shared/api/points.ts';
import { cashValueFor } from '#shared/domain/exchange.ts';
import { currentBurnRate } from '../accounts/account-view.ts';
import type { AppContext } from '../app-context.ts';
import { badRequest, conflict, forbidden, notFound } from '../http/errors.ts';
import { route } from '../http/routes.ts';
import { requireSession } from '../sessions/session-plugin.ts';
import { transactionView } from './ledger-rows.ts';
import { ledgerFor, notEnoughPoints, recordExchange } from './ledger-service.ts';

/** SPEC §8 messages and the refusals of §5 the exchange screen shows as the server's message. */
export const exchangeMessages = {
  underReview: "We're reviewing your account so you can't add points to your pass at this time.",
  emailUnverified: 'Verify your email address before adding points to your pass.',
  cannotConvert:
    "Your account can't add points to your pass at the moment. Please contact customer services.",
  noPoints: "You don't have any points to add to your pass yet.",
  disabled: 'Adding points to your pass is not available.',
  notMultiple: (level: number) => `Choose a number of points in steps of ${level}.`,
  rateChanged: 'The exchange rate has changed. Please reload the page and try again.',
  done: 'Your points have been added to your pass.',
} as const;

export function registerPointsRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, transactionsEndpoint, async ({ limit }, request, reply) => {
    const session = requireSession(request);
    reply.header('cache-control', 'no-store');
    const rows = await ledgerFor(ctx.db, session.accountId, limit ?? maxTransactions);
    const now = new Date();
    return rows.map((row) => transactionView(row, now));
  });

  route(app, burnRatesEndpoint, async (_query, _request, reply) => {
    reply.header('cache-control', 'no-store');
    const rate = await currentBurnRate(ctx.db);
    return rate ? [rate] : [];
  });

  route(app, createExchangeEndpoint, async ({ pointsConsumed, totalValue }, request) => {
    const session = requireSession(request);
    if (!ctx.config.enablePointsExchange) throw notFound('NotFound', exchangeMessages.disabled);
    const { account } = await recordExchange(
      ctx.db,
      session.accountId,
      pointsConsumed,
      async (locked, tx) => {
        if (locked.under_review) throw forbidden('UnderReview', exchangeMessages.underReview);
        if (!locked.email_verified) throw forbidden('EmailUnverified', exchangeMessages.emailUnverified);
        if (!locked.can_convert) throw forbidden('CannotConvert', exchangeMessages.cannotConvert);
        if (locked.points_balance <= 0) throw conflict('NoPoints', exchangeMessages.noPoints);
        const rate = await currentBurnRate(tx);
        if (!rate) throw notFound('NotFound', exchangeMessages.disabled);
        if (pointsConsumed % rate.pointsLevel !== 0) {
          throw badRequest('NotMultipleOfRate', exchangeMessages.notMultiple(rate.pointsLevel), {
            fieldErrors: { pointsConsumed: exchangeMessages.notMultiple(rate.pointsLevel) },
          });
        }
        if (pointsConsumed > locked.points_balance) throw conflict('NotEnoughPoints', notEnoughPoints);
        const cash = cashValueFor(pointsConsumed, rate);
        if (cash !== totalValue) throw conflict('RateChanged', exchangeMessages.rateChanged);
        return cash;
      },
      { locale: ctx.config.locale },
    );
    return {
      success: true,
      message: exchangeMessages.done,
      pointsBalance: account.points_balance,
      cashBalance: account.cash_balance,
    };
  });
}
