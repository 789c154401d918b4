import { burnRates, createExchange, transactions } from '#shared/api/points-endpoints.ts';
import { call } from '../api.ts';

/** The calls of the points screens. */
export const pointsApi = {
  /** The newest rows first; `limit` asks for the few recent ones only. */
  transactions: (limit: number | undefined, signal: AbortSignal) =>
    call(transactions, limit ? { limit } : {}, { signal }),
  burnRates: () => call(burnRates),
  exchange: (pointsConsumed: number, totalValue: number) =>
    call(createExchange, { pointsConsumed, totalValue }),
};
