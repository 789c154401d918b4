import { z } from 'zod';
import { keyCharacters, text } from './text.ts';

/** Partner API bodies (tills, the web shop, the operator CLI). Money in minor units, whole points. */

/**
 * The message of a field that is missing or of the wrong type: a till that sends "49.99" as text
 * should read that value must be a number, not that it is missing.
 */
const expected =
  (name: string, what: string) =>
  (issue: { input: unknown }): string =>
    issue.input === undefined || issue.input === null
      ? `${name} is required (${what})`
      : `${name} must be ${what}`;

const key = (name: string) =>
  text({ error: expected(name, 'text') })
    .min(1, `${name} is required`)
    .max(100, `${name} must be at most 100 characters`)
    .regex(keyCharacters, `${name} must be printable characters without spaces`);

const displayName = text().min(1).max(120);
const currency = text({ error: expected('currency', 'a three-letter ISO 4217 code') })
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, 'currency must be a three-letter ISO 4217 code');
const points = z.number({ error: expected('points', 'a whole number') }).int('points must be a whole number');
const minorUnits = (name: string) =>
  z
    .number({ error: expected(name, 'a whole number of minor units, e.g. pence') })
    .int(`${name} must be a whole number of minor units (pence)`);
const channel = z.enum(['ecommerce', 'in-store'], { error: 'channel must be ecommerce or in-store' });

/** The member a write is for: by card number (loyaltyId) or email, exactly one. */
const memberRef = {
  loyaltyId: text()
    .min(1)
    .max(40)
    .optional()
    .meta({ description: "The member's card number (give this or email).", examples: ['40001234567'] }),
  email: text()
    .toLowerCase()
    .min(3)
    .max(254)
    .optional()
    .meta({ description: "The member's email (give this or loyaltyId).", examples: ['maya@example.com'] }),
};

/** JSON Schema of "exactly one of loyaltyId and email" (the refinement below, for the document). */
const exactlyOneMember = {
  oneOf: [
    { required: ['loyaltyId'], not: { required: ['email'] } },
    { required: ['email'], not: { required: ['loyaltyId'] } },
  ],
};

function oneMember<T extends { loyaltyId?: string | undefined; email?: string | undefined }>(
  value: T,
  ctx: z.RefinementCtx,
) {
  if (Boolean(value.loyaltyId) === Boolean(value.email)) {
    ctx.addIssue({
      code: 'custom',
      path: ['loyaltyId'],
      message: 'Name the member by loyaltyId or email (one of them)',
    });
  }
}

export const purchaseRequest = z
  .object({
    orderId: key('orderId').meta({
      description: 'The order id: the idempotency key (a replay answers the first result).',
      examples: ['ORD-2026-000123'],
    }),
    ...memberRef,
    channel: channel.meta({ description: 'Where it was bought.', examples: ['in-store'] }),
    storeDisplayName: displayName
      .nullable()
      .default(null)
      .meta({
        description: 'The store, as members read it (required in store).',
        examples: ['Regent Street'],
      }),
    fasciaDisplayName: displayName
      .nullable()
      .default(null)
      .meta({ description: 'The brand of the store or web shop.', examples: ['Flagship'] }),
    value: minorUnits('value')
      .min(0, 'value cannot be negative')
      .max(100_000_000)
      .meta({ description: 'What was paid, in minor units (pence).', examples: [7550] }),
    currency: currency.meta({ description: 'ISO 4217 code of the value.', examples: ['GBP'] }),
    points: points
      .min(0, 'points cannot be negative')
      .max(10_000_000)
      .meta({ description: 'The points it earns (pending for the returns window).', examples: [755] }),
    purchasedAt: z.iso
      .datetime({ offset: true, error: 'purchasedAt must be an ISO 8601 date-time' })
      .nullable()
      .default(null)
      .meta({ description: 'When it was bought; now when left out. Not in the future.' }),
    discount: text()
      .min(1)
      .max(40)
      .nullable()
      .default(null)
      .meta({ description: 'A discount code used, if any.', examples: ['SUMMER10'] }),
  })
  .superRefine(oneMember)
  .superRefine((value, ctx) => {
    if (value.channel === 'in-store' && !value.storeDisplayName) {
      ctx.addIssue({
        code: 'custom',
        path: ['storeDisplayName'],
        message: 'An in-store purchase names its store',
      });
    }
    if (value.purchasedAt && new Date(value.purchasedAt).getTime() > Date.now() + 5 * 60_000) {
      ctx.addIssue({ code: 'custom', path: ['purchasedAt'], message: 'purchasedAt cannot be in the future' });
    }
  })
  .meta({
    description: 'A purchase for one member, named by exactly one of loyaltyId and email.',
    ...exactlyOneMember,
    // An in-store purchase names its store (JSON Schema's if/then, as anyOf).
    anyOf: [
      { properties: { channel: { not: { const: 'in-store' } } } },
      { required: ['storeDisplayName'], properties: { storeDisplayName: { type: 'string', minLength: 1 } } },
    ],
    examples: [
      {
        orderId: 'ORD-2026-000123',
        loyaltyId: '40001234567',
        channel: 'in-store',
        storeDisplayName: 'Regent Street',
        value: 7550,
        currency: 'GBP',
        points: 755,
      },
    ],
  });

export const returnRequest = z
  .object({
    returnId: key('returnId'),
    orderId: key('orderId'),
    ...memberRef,
    points: points.min(1, 'points must be at least 1').max(10_000_000).nullable().default(null),
    value: minorUnits('value').min(0, 'value cannot be negative').max(100_000_000).nullable().default(null),
    returnedAt: z.iso.datetime({ offset: true }).nullable().default(null),
  })
  .superRefine((value, ctx) => {
    if (value.loyaltyId && value.email) {
      ctx.addIssue({
        code: 'custom',
        path: ['loyaltyId'],
        message: 'Name the member by loyaltyId or email, not both',
      });
    }
  })
  .meta({
    description:
      'A return of (part of) an order; the member may be named, by at most one of loyaltyId and email.',
    not: { required: ['loyaltyId', 'email'] },
    examples: [{ returnId: 'RET-2026-000045', orderId: 'ORD-2026-000123', points: 300, value: 3000 }],
  });

export const adjustmentRequest = z
  .object({
    adjustmentId: key('adjustmentId'),
    ...memberRef,
    points: points
      .min(-10_000_000)
      .max(10_000_000)
      .refine((n) => n !== 0, 'points must not be 0'),
    reason: text({ error: 'reason is required' })
      .min(1, 'reason is required')
      .max(200)
      .meta({ description: 'Why, for the audit log and the member’s history.' }),
  })
  .superRefine(oneMember)
  .meta({
    ...exactlyOneMember,
    examples: [
      { adjustmentId: 'ADJ-881', email: 'maya@example.com', points: 250, reason: 'Goodwill: late delivery' },
    ],
  });

export const redemptionRequest = z
  .object({
    redemptionId: key('redemptionId'),
    ...memberRef,
    amount: minorUnits('amount').min(1, 'amount must be at least 1').max(100_000_000),
    currency: currency.nullable().default(null),
    channel: channel.default('in-store'),
    storeDisplayName: displayName.nullable().default(null),
    fasciaDisplayName: displayName.nullable().default(null),
  })
  .superRefine(oneMember)
  .meta({
    ...exactlyOneMember,
    examples: [{ redemptionId: 'RED-3312', loyaltyId: '40001234567', amount: 500, currency: 'GBP' }],
  });

export const burnRateRequest = z.object({
  pointsLevel: z
    .number({ error: 'pointsLevel is required (a whole number)' })
    .int()
    .min(1, 'pointsLevel must be at least 1')
    .max(1_000_000),
  cashValue: z
    .number({ error: 'cashValue is required (minor units)' })
    .int()
    .min(1, 'cashValue must be at least 1')
    .max(1_000_000),
});

/** Purchases at most one batch may carry (a till's or web shop's backlog, a page at a time). */
export const maxPurchaseBatch = 500;

/** A batch of purchases: each item is checked on its own, so one bad item fails only itself. */
export const purchaseBatchRequest = z.object({
  purchases: z
    .array(z.unknown().meta({ $ref: '#/components/schemas/Purchase' }), {
      error: 'purchases is required (a list of purchases)',
    })
    .min(1, 'purchases must hold at least one purchase')
    .max(maxPurchaseBatch, `purchases may hold at most ${maxPurchaseBatch} purchases`),
});
