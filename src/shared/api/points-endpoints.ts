import { describe } from './descriptor.ts';
import type {
  burnRatesEndpoint,
  createExchangeEndpoint,
  pointsExpiryEndpoint,
  transactionsEndpoint,
} from './points.ts';

/** The browser's descriptors of the points endpoints (zod-free: see descriptor.ts). */
export const transactions = describe<typeof transactionsEndpoint>('GET', '/api/transactions');
export const burnRates = describe<typeof burnRatesEndpoint>('GET', '/api/burn-rates');
export const createExchange = describe<typeof createExchangeEndpoint>('POST', '/api/create-exchange');
export const pointsExpiry = describe<typeof pointsExpiryEndpoint>('GET', '/api/points-expiry');
