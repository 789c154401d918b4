import { burnRates, createExchange, pointsExpiry, transactions } from '#shared/api/points-endpoints.ts';
import { call } from '../api.ts';

/** The calls of the points screens. */
export const pointsApi = {
  /** The newest rows first; `limit` asks for the few recent ones only. */
  transactions: (limit: number | undefined, signal: AbortSignal) =>
    call(transactions, limit ? { limit } : {}, { signal }),
  /** A page of the history: the rows after `before` (the last row shown), or the newest page. */
  page: (before: string | undefined, signal: AbortSignal) =>
    call(transactions, before ? { before } : {}, { signal }),
  burnRates: () => call(burnRates),
  /** Home's next expiry (points expiry on). */
  nextExpiry: (signal: AbortSignal) => call(pointsExpiry, {}, { signal }),
  exchange: (pointsConsumed: number, totalValue: number) =>
    call(createExchange, { pointsConsumed, totalValue }),
};
