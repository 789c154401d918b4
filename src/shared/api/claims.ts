import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { text } from './text.ts';

/**
 * "A purchase is missing?": the member reports an order that is not in their history. It
 * is matched at once when a purchase with that order id reached us for no known member, its date,
 * store and amount agree, and the till named this member (their card or proven email); otherwise
 * staff decide. Money in minor units of the member's currency.
 */
export const claimStatuses = ['pending', 'approved', 'refused'] as const;

export const claimSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  /** The day of the purchase, as the member gave it (yyyy-mm-dd). */
  purchasedOn: z.string(),
  channel: z.enum(['in-store', 'ecommerce']),
  store: z.string().nullable(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(claimStatuses),
  /** Why staff refused it. */
  reason: z.string().nullable(),
  /** Points credited when approved. */
  points: z.number().int().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type Claim = z.infer<typeof claimSchema>;

/** The longest a member may say an order is back: older purchases are staff's business. */
const claimMaxAgeDays = 365;

export const claimRequest = z
  .object({
    orderId: text({ error: 'Enter the order number' })
      .min(1, 'Enter the order number')
      .max(100, 'An order number has at most 100 characters')
      .regex(/^[\x21-\x7e]+$/, 'Enter the order number as it is on your receipt, without spaces'),
    purchasedOn: z.iso.date({ error: 'Enter the date of the purchase' }),
    channel: z.enum(['in-store', 'ecommerce'], { error: 'Choose where you bought it' }),
    store: text().max(120, 'A store name has at most 120 characters').nullable().default(null),
    amount: z
      .number({ error: 'Enter the amount you paid' })
      .int('Enter the amount you paid')
      .min(1, 'Enter the amount you paid')
      .max(100_000_000, 'Enter the amount you paid'),
  })
  .superRefine((value, ctx) => {
    if (value.channel === 'in-store' && !value.store) {
      ctx.addIssue({ code: 'custom', path: ['store'], message: 'Enter the store' });
    }
    const day = Date.parse(`${value.purchasedOn}T00:00:00Z`);
    const today = Date.now();
    if (day > today + 86_400_000) {
      ctx.addIssue({ code: 'custom', path: ['purchasedOn'], message: 'The date cannot be in the future' });
    } else if (day < today - claimMaxAgeDays * 86_400_000) {
      ctx.addIssue({
        code: 'custom',
        path: ['purchasedOn'],
        message: `We can look for purchases of the last ${claimMaxAgeDays} days`,
      });
    }
  });

export const createClaimEndpoint = endpoint({
  method: 'POST',
  path: '/api/purchase-claims',
  access: { door: 'member', who: 'signed-in' },
  request: claimRequest,
  response: z.object({ success: z.boolean(), claim: claimSchema }),
});

/** The stores the scheme has seen in-store purchases from, for the report's store choice. */
export const claimStoresEndpoint = endpoint({
  method: 'GET',
  path: '/api/purchase-claims/stores',
  access: { door: 'member', who: 'signed-in' },
  request: z.object({}),
  response: z.object({ stores: z.array(z.string()) }),
});

export const claimsEndpoint = endpoint({
  method: 'GET',
  path: '/api/purchase-claims',
  access: { door: 'member', who: 'signed-in' },
  request: z.object({}),
  response: z.object({ claims: z.array(claimSchema) }),
});
