import { z } from 'zod';
import { keyCharacters, text } from '#shared/api/text.ts';

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
  loyaltyId: text().min(1).max(40).optional(),
  email: text().toLowerCase().min(3).max(254).optional(),
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
    orderId: key('orderId'),
    ...memberRef,
    channel,
    storeDisplayName: displayName.nullable().default(null),
    fasciaDisplayName: displayName.nullable().default(null),
    value: minorUnits('value').min(0, 'value cannot be negative').max(100_000_000),
    currency,
    points: points.min(0, 'points cannot be negative').max(10_000_000),
    purchasedAt: z.iso
      .datetime({ offset: true, error: 'purchasedAt must be an ISO 8601 date-time' })
      .nullable()
      .default(null),
    discount: text().min(1).max(40).nullable().default(null),
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
  });

export const adjustmentRequest = z
  .object({
    adjustmentId: key('adjustmentId'),
    ...memberRef,
    points: points
      .min(-10_000_000)
      .max(10_000_000)
      .refine((n) => n !== 0, 'points must not be 0'),
    reason: text({ error: 'reason is required' }).min(1, 'reason is required').max(200),
  })
  .superRefine(oneMember);

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
  .superRefine(oneMember);

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
    .array(z.unknown(), { error: 'purchases is required (a list of purchases)' })
    .min(1, 'purchases must hold at least one purchase')
    .max(maxPurchaseBatch, `purchases may hold at most ${maxPurchaseBatch} purchases`),
});
