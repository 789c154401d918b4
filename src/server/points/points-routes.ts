import type { FastifyInstance } from 'fastify';
import {
  burnRatesEndpoint,
  createExchangeEndpoint,
  pointsExpiryEndpoint,
  transactionsEndpoint,
} from '#shared/api/points.ts';
import { transactionsPageSize } from '#shared/api/transactions-page.ts';
import type { AppContext } from '../app-context.ts';
import { route } from '../http/routes.ts';
import { currentBurnRate } from '../members/account-view.ts';
import { exchangeMessages, exchangePoints } from './exchange-service.ts';
import { historyPage } from './history-service.ts';
import { nextExpiry } from './home-service.ts';

export function registerPointsRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, transactionsEndpoint, async ({ limit, before }, _request, reply, session) => {
    reply.header('cache-control', 'no-store');
    return historyPage(
      ctx.db,
      session.accountId,
      { limit: limit ?? transactionsPageSize, before },
      ctx.config.pointsExpiry.months,
    );
  });

  route(app, pointsExpiryEndpoint, async (_query, _request, reply, session) => {
    reply.header('cache-control', 'no-store');
    return nextExpiry(ctx, session.accountId);
  });

  route(app, burnRatesEndpoint, async (_query, _request, reply) => {
    reply.header('cache-control', 'no-store');
    const rate = await currentBurnRate(ctx.db);
    return rate ? [rate] : [];
  });

  route(app, createExchangeEndpoint, async ({ pointsConsumed, totalValue }, _request, _reply, session) => {
    const account = await exchangePoints(ctx, session.accountId, { pointsConsumed, totalValue });
    return {
      success: true,
      message: exchangeMessages.done,
      pointsBalance: account.points_balance,
      cashBalance: account.cash_balance,
    };
  });
}
