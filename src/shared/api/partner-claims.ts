import { z } from 'zod';
import { claimStatuses } from './claims.ts';
import { text } from './text.ts';

/** Staff's requests about missing-purchase claims (partner API, CLI, staff console). */
export const claimsQuery = z.object({
  status: z.enum(claimStatuses, { error: 'status must be pending, approved or refused' }).default('pending'),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  after: z
    .string()
    .regex(/^[1-9]\d{0,17}$/, 'after must be a claim id')
    .optional(),
});
export const claimApproval = z
  .object({
    points: z.number({ error: 'points must be a whole number' }).int().min(0).max(10_000_000).optional(),
  })
  .default({});

/** The refusal's reason: one line the member reads. */
export const refusal = z.object({
  reason: text({ error: 'reason is required (what the member will read)' })
    .min(1, 'reason is required (what the member will read)')
    .max(500, 'reason must be at most 500 characters'),
});
