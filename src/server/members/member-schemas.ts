import { z } from 'zod';
import { emailField } from '#shared/api/common.ts';
import { text } from '#shared/api/text.ts';

/** Partner API and operator CLI: what staff send to create a member. */
export const createMemberRequest = z.object({
  email: emailField,
  name: text().min(1, 'Enter the member name').max(200),
  password: text({ trim: false }).min(6, 'The password must be at least 6 characters').max(1024).optional(),
  emailVerified: z.boolean().default(true),
});

/** A member named by staff: card number or email (delete, sign out everywhere, send a reset). */
export const namedMemberRequest = z.object({
  member: text().min(1, 'Name the member by card number or email').max(254),
});

/** What staff decide about a member (`member set`). Every field optional; at least one. */
export const memberUpdateRequest = z
  .object({
    vipLevel: text().max(40).nullable().optional(),
    canRedeem: z.boolean().optional(),
    canConvert: z.boolean().optional(),
    canSignIn: z.boolean().optional(),
    underReview: z.boolean().optional(),
    emailVerified: z.boolean().optional(),
    isCredit: z.boolean().optional(),
  })
  .refine((value) => Object.values(value).some((v) => v !== undefined), {
    message: 'Name at least one thing to change',
    path: ['body'],
  });
