import { z } from 'zod';
import { emptyRequestSchema, outcome } from './common.ts';
import { endpoint } from './endpoint.ts';
import { maxTransactionsPage } from './transactions-page.ts';

/** `expiry` takes points that reached their expiry date (pointsExpiry.months). */
export const ledgerKinds = ['purchase', 'return', 'adjustment', 'exchange', 'redemption', 'expiry'] as const;
export type LedgerKind = (typeof ledgerKinds)[number];

/**
 * SPEC §3 Transaction / activity row, derived from one ledger row. Points are whole points, money
 * in minor units of `currency`.
 */
export const transactionSchema = z.object({
  id: z.string(),
  kind: z.enum(ledgerKinds),
  /** When the points counted in the balance; null while they are pending. */
  awardedAt: z.string().nullable(),
  /** Points added (positive) or taken (negative) by this row. */
  adjustedPoints: z.number().int(),
  /** Purchase points not confirmed yet (within the returns window). */
  pending: z.boolean(),
  /** When pending points are confirmed. */
  confirmsAt: z.string().nullable(),
  rewardType: z.enum(['exchange', 'manual', 'other']),
  order: z
    .object({
      orderId: z.string(),
      purchaseType: z.enum(['ecommerce', 'in-store']),
      storeDisplayName: z.string().nullable(),
      fasciaDisplayName: z.string().nullable(),
    })
    .nullable(),
  /** Display fields (SPEC §3). */
  name: z.string().nullable(),
  location: z.string().nullable(),
  /** The order value (purchase, return) or the cash amount (exchange, redemption), minor units. */
  value: z.number().int().nullable(),
  channel: z.enum(['In-Store', 'Online']).nullable(),
  currency: z.string().nullable(),
  createdDate: z.string(),
  discount: z.string().nullable(),
  redemptionType: z.enum(['points-to-pass', 'in-store', 'online']).nullable(),
  /** Cash added to (exchange) or spent from (redemption) the pass, minor units. */
  cash: z.number().int(),
  /** A purchase's returns so far: the points they took back and the value refunded (minor units). */
  returned: z.object({ points: z.number().int(), value: z.number().int().nullable() }).nullable(),
  /** A purchase's points once its returns are taken off; null for every other kind. */
  netPoints: z.number().int().nullable(),
  /** A return's purchase: the history row it reverses and when that purchase was made. */
  returnOf: z.object({ id: z.string(), createdDate: z.string() }).nullable(),
  /** When the row's points expire (points expiry on, points that add to the balance); else null. */
  expiresAt: z.string().nullable(),
});
export type Transaction = z.infer<typeof transactionSchema>;

/**
 * The newest rows first, a page at a time: `limit` rows (the history's pages, or the overview's few
 * recent rows), and `before` the id of the last row of the previous page (a cursor: the next page
 * starts after it, however many rows arrived since).
 */
export const transactionsEndpoint = endpoint({
  method: 'GET',
  path: '/api/transactions',
  access: { door: 'member', who: 'signed-in' },
  request: z.object({
    limit: z.coerce.number().int().min(1).max(maxTransactionsPage).optional(),
    before: z
      .string()
      .regex(/^[1-9]\d{0,17}$/, 'Not a transaction id')
      .optional(),
  }),
  response: z.array(transactionSchema),
});

/**
 * Home's next expiry ("250 points expire on 1st March"): the first day from today on which some of
 * the member's points expire, and how many. Null when points expiry is off or nothing is due.
 */
export const pointsExpiryEndpoint = endpoint({
  method: 'GET',
  path: '/api/points-expiry',
  access: { door: 'member', who: 'signed-in' },
  request: emptyRequestSchema,
  response: z.object({
    next: z
      .object({
        points: z.number().int().positive(),
        /** The day, in the scheme's time zone: YYYY-MM-DD. */
        expiresOn: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
      })
      .nullable(),
  }),
});

export type PointsExpiryResponse = z.infer<typeof pointsExpiryEndpoint.response>;

export const burnRateSchema = z.object({
  pointsLevel: z.number().int().positive(),
  cashValue: z.number().int().positive(),
});

/** SPEC §3 Burn rate: an array; only the first entry is used. */
export const burnRatesEndpoint = endpoint({
  method: 'GET',
  path: '/api/burn-rates',
  access: { door: 'member', who: 'public' },
  request: emptyRequestSchema,
  response: z.array(burnRateSchema),
});

export const createExchangeRequest = z.object({
  /** The cash value the member saw (minor units); must match the current burn rate. */
  totalValue: z.number().int().min(0).max(100_000_000),
  pointsConsumed: z
    .number({ error: 'Choose how many points to add' })
    .int('Choose how many points to add')
    .positive('Choose how many points to add')
    .max(100_000_000),
});

export const createExchangeEndpoint = endpoint({
  method: 'POST',
  path: '/api/create-exchange',
  access: { door: 'member', who: 'signed-in' },
  request: createExchangeRequest,
  response: z.object({
    ...outcome,
    pointsBalance: z.number().int().optional(),
    cashBalance: z.number().int().optional(),
  }),
});
