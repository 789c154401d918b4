import { z } from 'zod';
import { text } from './text.ts';

/** The audit log as staff read it: filters, one page of rows, and the CSV export. */

const isoDate = z.iso
  .datetime({ offset: true, error: 'must be an ISO 8601 date-time' })
  .or(z.iso.date({ error: 'must be a date (YYYY-MM-DD) or an ISO 8601 date-time' }));

const auditActorKinds = ['staff', 'api_key', 'bootstrap', 'member'] as const;

export const auditQuery = z.object({
  /** The member: card number, email, or account id (a deleted member: their account id). */
  member: text().min(1).max(254).optional(),
  actorKind: z
    .enum(auditActorKinds, { error: 'actorKind must be staff, api_key, bootstrap or member' })
    .optional(),
  /** The staff member's or key's id, or its name (the key's name, the staff member's email). */
  actor: text().min(1).max(254).optional(),
  /** An action (member.update) or a family of them (member.*). */
  action: text()
    .min(1)
    .max(80)
    .regex(/^[a-z_.*-]+$/, 'action is a dotted name such as member.update, or member.*')
    .optional(),
  /** From this time (a date means its start, UTC). */
  from: isoDate.optional(),
  /** Until this time (a date means its end, UTC). */
  to: isoDate.optional(),
  /** The next page: rows older than this id (the previous page's nextBefore). */
  before: z.coerce.number().int().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  /** csv: every matching row (up to 100,000, newest first) as a CSV download instead of a page. */
  format: z.enum(['json', 'csv'], { error: 'format must be json or csv' }).default('json'),
});

const auditRowSchema = z.object({
  id: z.string(),
  at: z.string(),
  actorKind: z.enum(auditActorKinds),
  actorId: z.string().nullable(),
  actorLabel: z.string().nullable(),
  action: z.string(),
  memberId: z.string().nullable(),
  /** The member's card number now (`deleted-…` once deleted). */
  memberLoyaltyId: z.string().nullable(),
  change: z.record(z.string(), z.unknown()),
  anonymised: z.boolean(),
});

export const auditListResponse = z.object({
  success: z.literal(true),
  entries: z.array(auditRowSchema),
  /** Pass as `before` for the next (older) page; null on the last page. */
  nextBefore: z.string().nullable(),
});

export type AuditRow = z.output<typeof auditRowSchema>;
