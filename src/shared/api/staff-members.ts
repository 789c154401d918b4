import { z } from 'zod';
import { claimSchema } from './claims.ts';
import { endpoint } from './endpoint.ts';
import { keyCharacters, text } from './text.ts';

/**
 * The staff console's member look-up, member view and member actions, under /staff-api.
 * Each action calls the same service as the partner API and the operator CLI.
 */

const loyaltyId = text().regex(/^\d{6,20}$/, 'Name the member by card number');
const memberRef = { loyaltyId };

export const memberSearchEndpoint = endpoint({
  method: 'GET',
  path: '/staff-api/members',
  access: { door: 'staff', role: 'support' },
  request: z.object({ q: text().min(2, 'Enter at least 2 characters').max(254) }),
  response: z.object({
    members: z.array(
      z.object({
        loyaltyId: z.string(),
        email: z.string().nullable(),
        fullName: z.string(),
        createdAt: z.string(),
      }),
    ),
  }),
});

const ledgerLine = z.object({
  id: z.string(),
  kind: z.string(),
  points: z.number(),
  cash: z.number(),
  pending: z.boolean(),
  confirmsAt: z.string().nullable(),
  /** The points balance after this line (pending lines do not count until they confirm). */
  balanceAfter: z.number(),
  orderId: z.string().nullable(),
  place: z.string().nullable(),
  reason: z.string().nullable(),
  createdAt: z.string(),
});

export const memberViewSchema = z.object({
  account: z.object({
    loyaltyId: z.string(),
    email: z.string().nullable(),
    fullName: z.string(),
    /** Given by the member on Edit details (telephone numbers on), in the international form. */
    telephoneNumber: z.string().nullable(),
    createdAt: z.string(),
    currency: z.string(),
    pointsBalance: z.number(),
    pendingPointsBalance: z.number(),
    cashBalance: z.number(),
    vipLevel: z.string().nullable(),
    emailVerified: z.boolean(),
    isCredit: z.boolean(),
    underReview: z.boolean(),
    canRedeem: z.boolean(),
    canConvert: z.boolean(),
    canSignIn: z.boolean(),
  }),
  ledger: z.array(ledgerLine),
  /** The member's missing-purchase reports, newest first. */
  claims: z.array(claimSchema),
  consents: z.array(
    z.object({ channel: z.string(), choice: z.string(), source: z.string(), recordedAt: z.string() }),
  ),
  sessions: z.array(
    z.object({
      id: z.string(),
      createdAt: z.string(),
      lastSeenAt: z.string(),
      userAgent: z.string().nullable(),
      viaPasskey: z.boolean(),
    }),
  ),
  passkeys: z.array(
    z.object({ title: z.string(), createdAt: z.string(), lastUsedAt: z.string().nullable() }),
  ),
  wallet: z.object({
    applePass: z.object({ createdAt: z.string(), updatedAt: z.string(), devices: z.number() }).nullable(),
    presence: z.string().nullable(),
  }),
  nikeLink: z.object({ linkedAt: z.string() }).nullable(),
  invitations: z.array(
    z.object({
      id: z.string(),
      email: z.string(),
      invitedBy: z.string().nullable(),
      state: z.enum(['valid', 'consumed', 'stale', 'expired']),
      createdAt: z.string(),
      expiresAt: z.string(),
    }),
  ),
  /** The VIP levels the scheme names (a percentage such as 15% is always allowed). */
  vipLevels: z.array(z.string()),
});

export const memberViewEndpoint = endpoint({
  method: 'GET',
  path: '/staff-api/member',
  access: { door: 'staff', role: 'support' },
  request: z.object(memberRef),
  response: memberViewSchema,
});

/**
 * What a member action did, as a code the console words in its language (never an English sentence):
 * `email` is where a link went, `points` what an adjustment gave.
 */
export const staffNotices = [
  'invitation-sent',
  'password-reset-sent',
  'sign-in-link-sent',
  'session-ended',
  'all-sessions-ended',
  'points-adjusted',
  'adjustment-already-recorded',
  'member-updated',
  'member-deleted',
  'mail-requeued',
] as const;
export type StaffNotice = (typeof staffNotices)[number];

const done = z.object({
  success: z.literal(true),
  notice: z.enum(staffNotices),
  email: z.string().optional(),
  points: z.number().optional(),
});

// Support.

export const resendInvitationEndpoint = endpoint({
  method: 'POST',
  path: '/staff-api/member/resend-invitation',
  audit: 'invite.resend',
  access: { door: 'staff', role: 'support' },
  request: z.object({ ...memberRef, invitationId: z.uuid('Name the invitation') }),
  response: done,
});

export const sendPasswordResetEndpoint = endpoint({
  method: 'POST',
  path: '/staff-api/member/send-password-reset',
  audit: 'member.send_password_reset',
  access: { door: 'staff', role: 'support' },
  request: z.object(memberRef),
  response: done,
});

export const sendSignInLinkEndpoint = endpoint({
  method: 'POST',
  path: '/staff-api/member/send-sign-in-link',
  audit: 'member.send_sign_in_link',
  access: { door: 'staff', role: 'support' },
  request: z.object(memberRef),
  response: done,
});

export const endSessionEndpoint = endpoint({
  method: 'POST',
  path: '/staff-api/member/end-session',
  audit: 'member.end_session',
  access: { door: 'staff', role: 'support' },
  request: z.object({ ...memberRef, sessionId: text().regex(/^[0-9a-f]{16}$/, 'Name the session') }),
  response: done,
});

export const endAllSessionsEndpoint = endpoint({
  method: 'POST',
  path: '/staff-api/member/end-all-sessions',
  audit: 'member.end_all_sessions',
  access: { door: 'staff', role: 'support' },
  request: z.object(memberRef),
  response: done,
});

// Manager.

export const adjustPointsEndpoint = endpoint({
  method: 'POST',
  path: '/staff-api/member/adjust-points',
  audit: 'adjustment.record',
  access: { door: 'staff', role: 'manager' },
  request: z.object({
    ...memberRef,
    /** Made by the console once per form: a second click or a retry records nothing twice. */
    adjustmentId: text()
      .min(8)
      .max(100)
      .regex(keyCharacters, 'adjustmentId must be printable characters without spaces'),
    points: z
      .number({ error: 'points is required (a whole number)' })
      .int('points must be a whole number')
      .min(-10_000_000)
      .max(10_000_000)
      .refine((n) => n !== 0, 'points must not be 0'),
    reason: text({ error: 'reason is required' }).min(1, 'reason is required').max(200),
  }),
  response: done,
});

export const updateMemberEndpoint = endpoint({
  method: 'POST',
  path: '/staff-api/member/update',
  audit: 'member.update',
  access: { door: 'staff', role: 'manager' },
  request: z.object({
    ...memberRef,
    underReview: z.boolean().optional(),
    canRedeem: z.boolean().optional(),
    canConvert: z.boolean().optional(),
    canSignIn: z.boolean().optional(),
    /** A configured level or a percentage; empty clears it. */
    vipLevel: text().max(40).optional(),
  }),
  response: done,
});

export const deleteMemberEndpoint = endpoint({
  method: 'POST',
  path: '/staff-api/member/delete',
  audit: 'member.delete',
  access: { door: 'staff', role: 'manager' },
  /** `confirm` repeats the card number: the console's confirmation, checked here too. */
  request: z.object({ ...memberRef, confirm: text() }),
  response: done,
});

const burnRateSchema = z.object({
  pointsLevel: z.number().int().min(1).max(1_000_000),
  cashValue: z.number().int().min(1).max(1_000_000),
});

export const burnRateEndpoint = endpoint({
  method: 'GET',
  path: '/staff-api/burn-rate',
  access: { door: 'staff', role: 'support' },
  request: z.object({}),
  response: z.object({ burnRate: burnRateSchema.nullable() }),
});

export const setBurnRateEndpoint = endpoint({
  method: 'POST',
  path: '/staff-api/burn-rate',
  audit: 'burn_rate.set',
  access: { door: 'staff', role: 'manager' },
  request: burnRateSchema,
  response: z.object({ burnRate: burnRateSchema }),
});

// The undelivered-email queue (support sees it; manager retries).

export const undeliveredMailEndpoint = endpoint({
  method: 'GET',
  path: '/staff-api/mail',
  access: { door: 'staff', role: 'support' },
  request: z.object({}),
  response: z.object({
    pending: z.number(),
    givenUp: z.number(),
    undelivered: z.array(
      z.object({
        id: z.string(),
        to: z.string(),
        subject: z.string(),
        state: z.enum(['retrying', 'given-up']),
        attempts: z.number(),
        lastError: z.string().nullable(),
        createdAt: z.string(),
      }),
    ),
  }),
});

export const retryMailEndpoint = endpoint({
  method: 'POST',
  path: '/staff-api/mail/retry',
  audit: 'mail.retry',
  access: { door: 'staff', role: 'manager' },
  request: z.object({ id: text().regex(/^\d{1,18}$/, 'Name the mail') }),
  response: done,
});
