import { claimStores, claims, createClaim } from '#shared/api/claims-endpoints.ts';
import { call } from '../api.ts';

/** The calls of "A purchase is missing?". */
export const claimsApi = {
  report: (input: {
    orderId: string;
    purchasedOn: string;
    channel: 'in-store' | 'ecommerce';
    store: string | null;
    amount: number;
  }) => call(createClaim, input),
  list: (signal: AbortSignal) => call(claims, {}, { signal }),
  stores: (signal: AbortSignal) => call(claimStores, {}, { signal }),
};

/** "49.99", "49,99", "£49.99", "kr 499,95" or "49" as minor units (pence); null when it is not an amount. */
export function parseAmount(text: string): number | null {
  // A currency sign may lead ("£49.99", "kr 499,95"); a minus or any other character may not.
  const match = /^\s*(?:[£$€]|kr\.?)?\s*(\d{1,7})(?:[.,](\d{1,2}))?\s*$/i.exec(text);
  if (!match) return null;
  const minor = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return minor > 0 ? minor : null;
}
