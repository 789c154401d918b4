import { z } from 'zod';
import { claimSchema, claimStatuses } from './claims.ts';
import { endpoint } from './endpoint.ts';
import { text } from './text.ts';

/** The console's queue of missing-purchase claims (manager): the service of the partner API and the CLI. */

/** What the check on a member's report found (staff only; the member reads "waiting" or "added"). */
export const claimFindings = [
  'matched',
  'details-differ',
  'reference-differs',
  'another-card',
  'not-found',
] as const;

/**
 * An approved claim whose order the till then sent for a member: null without one; `settled` null
 * while it waits for staff, `kept` (approved again: the claimant keeps the points) or `taken-back`
 * (refused: a return took them back).
 */
export const claimConflictSchema = z
  .object({ at: z.string(), settled: z.enum(['kept', 'taken-back']).nullable() })
  .nullable();

const staffClaimSchema = claimSchema.extend({
  member: z.object({ loyaltyId: z.string(), fullName: z.string(), email: z.string().nullable() }),
  finding: z.enum(claimFindings),
  conflict: claimConflictSchema,
  purchase: z
    .object({
      onCard: z.string().nullable(),
      memberReference: z.string().nullable(),
      purchasedAt: z.string(),
      channel: z.string(),
      store: z.string().nullable(),
      value: z.number(),
      currency: z.string(),
      points: z.number(),
    })
    .nullable(),
});

const claimId = text().regex(/^[1-9]\d{0,17}$/, 'Name the claim');

export const staffClaimsEndpoint = endpoint({
  method: 'GET',
  path: '/staff-api/claims',
  access: { door: 'staff', role: 'manager' },
  request: z.object({ status: z.enum(claimStatuses).default('pending') }),
  response: z.object({ claims: z.array(staffClaimSchema) }),
});

export const approveClaimEndpoint = endpoint({
  method: 'POST',
  path: '/staff-api/claims/approve',
  audit: 'claim.approve',
  access: { door: 'staff', role: 'manager' },
  /** `points`: what to credit when no purchase of the order reached us (otherwise its own points). */
  request: z.object({ id: claimId, points: z.number().int().min(0).max(10_000_000).optional() }),
  response: z.object({ claim: staffClaimSchema }),
});

export const refuseClaimEndpoint = endpoint({
  method: 'POST',
  path: '/staff-api/claims/refuse',
  audit: 'claim.refuse',
  access: { door: 'staff', role: 'manager' },
  /** The reason the member reads. */
  request: z.object({ id: claimId, reason: text().min(1, 'Give the reason the member will read').max(500) }),
  response: z.object({ claim: staffClaimSchema }),
});
