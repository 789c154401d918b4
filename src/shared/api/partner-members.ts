import { z } from 'zod';
import { emailField } from './common.ts';
import { text } from './text.ts';

/** Partner API and operator CLI: what staff send to create a member. */
export const createMemberRequest = z
  .object({
    email: emailField.meta({ description: "The member's email.", examples: ['maya@example.com'] }),
    name: text()
      .min(1, 'Enter the member name')
      .max(200)
      .meta({ description: 'Their full name.', examples: ['Maya Chen'] }),
    password: text({ trim: false })
      .min(6, 'The password must be at least 6 characters')
      .max(1024)
      .optional()
      .meta({ description: 'A first password; without one they sign in by emailed link or passkey.' }),
    emailVerified: z
      .boolean()
      .default(true)
      .meta({ description: 'Whether staff have proven the email (false: the member proves it).' }),
  })
  .meta({ examples: [{ email: 'maya@example.com', name: 'Maya Chen' }] });

/** A member named by staff: card number or email (delete, sign out everywhere, send a reset). */
export const namedMemberRequest = z.object({
  member: text()
    .min(1, 'Name the member by card number or email')
    .max(254)
    .meta({ description: 'The member: card number or email.', examples: ['40001234567'] }),
});

/** What staff decide about a member (`member set`). Every field optional; at least one. */
export const memberUpdateRequest = z
  .object({
    vipLevel: text().max(40).nullable().optional().meta({ description: 'A VIP level name; null for none.' }),
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
  })
  .meta({ minProperties: 1, examples: [{ canRedeem: false, underReview: true }] });
