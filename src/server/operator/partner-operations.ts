import { z } from 'zod';
import type { PartnerScope } from '#shared/api/api-keys.ts';
import {
  apiKeyListResponse,
  createApiKeyRequest,
  createApiKeyResponse,
  revokeApiKeyResponse,
} from '#shared/api/api-keys.ts';
import { auditListResponse, auditQuery } from '#shared/api/audit.ts';
import { createInviteRequest, createInviteResponse } from '#shared/api/joining.ts';
import {
  createStaffEndpoint,
  createStaffRequest,
  staffEnrolmentLinkByEmailRequest,
  staffEnrolmentLinkEndpoint,
} from '#shared/api/staff.ts';
import { claimApproval, claimsQuery, refusal } from '../claims/claims-schemas.ts';
import { createMemberRequest, memberUpdateRequest, namedMemberRequest } from '../members/member-schemas.ts';
import {
  adjustmentRequest,
  burnRateRequest,
  purchaseBatchRequest,
  purchaseRequest,
  redemptionRequest,
  returnRequest,
} from '../points/partner-schemas.ts';
import * as res from './partner-responses.ts';

/**
 * Every partner API operation (under /partner/v1): who may call it and what it takes and answers.
 * One table serves the key check (partner-auth.ts refuses a key without the operation's scope) and
 * the OpenAPI document (openapi.ts). A route registered without an entry here stops the server
 * at start (partner-routes.ts), so nothing reaches the API undocumented or unguarded.
 *
 * Access:
 * - a scope (`purchases`, `members`, `invites`): a named key holding it, or the bootstrap key;
 * - `any`: any valid key (reads of the scheme's settings, e.g. the burn rate a till shows);
 * - `bootstrap`: the bootstrap key only (PARTNER_API_KEY: key management, the audit log, mail,
 *   scheme settings, the demo) — a named key can never mint keys or read the audit log;
 * - `public`: no key (the OpenAPI document and its page).
 * Reads need the scope of what they read: a member's details need `members`.
 */
type PartnerAccess = PartnerScope | 'any' | 'bootstrap' | 'public';

export interface PartnerOperation {
  method: 'GET' | 'POST';
  /** Under /partner/v1, as registered (`:name` for a path parameter). */
  path: string;
  access: PartnerAccess;
  summary: string;
  /** How it is audited (the action name), for writes. */
  audit?: string;
  request?: z.ZodType;
  query?: z.ZodType;
  /** The success status and its body. */
  status: number;
  response: z.ZodType;
  /** The success body's media type; JSON unless named. */
  contentType?: 'text/html';
  /** Error codes beyond the ones every operation may answer (see openapi.ts). */
  errors: string[];
}

const member = ['MemberNotFound'];

export const partnerOperations: PartnerOperation[] = [
  {
    method: 'POST',
    path: '/purchases',
    access: 'purchases',
    summary:
      'Record a purchase: its points are pending for the returns window. Idempotent on orderId (a replay answers 201 with the first result and the header idempotent-replayed: true). For a card or email no member has it answers 202 with `unmatched`: the purchase is kept for its member to claim ("A purchase is missing?").',
    audit: 'purchase.record',
    request: purchaseRequest,
    status: 201,
    response: res.purchaseResponse,
    errors: [...member, 'CurrencyNotAllowed', 'IdempotencyKeyReused', 'PointsLimit'],
  },
  {
    method: 'POST',
    path: '/purchases/batch',
    access: 'purchases',
    summary:
      'Record up to 500 purchases at once, each as POST /purchases would (one result per purchase, 201 or its own error). Each newly recorded purchase leaves its own audit row.',
    audit: 'purchase.record',
    request: purchaseBatchRequest,
    status: 200,
    response: res.batchResponse,
    errors: [],
  },
  {
    method: 'GET',
    path: '/claims',
    access: 'bootstrap',
    summary:
      'Missing-purchase claims of one status (default pending), oldest first: the member, what they reported, what the check found, and the purchase of that order id if one reached us. The pending queue also holds approved claims in `conflict` with a later till purchase of their order that staff have not settled (approve again: the claimant keeps the points; refuse: a return takes them back).',
    query: claimsQuery,
    status: 200,
    response: res.claimsResponse,
    errors: [],
  },
  {
    method: 'GET',
    path: '/claims/:id',
    access: 'bootstrap',
    summary: 'One missing-purchase claim.',
    status: 200,
    response: res.claimResponse,
    errors: ['ClaimNotFound'],
  },
  {
    method: 'POST',
    path: '/claims/:id/approve',
    access: 'bootstrap',
    summary:
      "Approve a claim: the member is credited through the ledger's purchase path, once (approving again answers the approved claim). `points` is needed when no purchase of the order reached us. Approving a claim in conflict with a later till purchase settles it: the claimant keeps the points.",
    audit: 'claim.approve',
    request: claimApproval,
    status: 200,
    response: res.claimResponse,
    errors: ['ClaimNotFound', 'ClaimDecided', 'PointsRequired', 'PointsLimit'],
  },
  {
    method: 'POST',
    path: '/claims/:id/refuse',
    access: 'bootstrap',
    summary:
      'Refuse a pending claim with the reason the member reads. An approved claim in conflict with a later till purchase may be refused too: a return takes its points back (409 PointsAlreadySpent when the member has spent them).',
    audit: 'claim.refuse',
    request: refusal,
    status: 200,
    response: res.claimResponse,
    errors: ['ClaimNotFound', 'ClaimDecided', 'PointsAlreadySpent'],
  },
  {
    method: 'POST',
    path: '/returns',
    access: 'purchases',
    summary: 'Record a return of (part of) an order: its points come off. Idempotent on returnId.',
    audit: 'return.record',
    request: returnRequest,
    status: 201,
    response: res.entryResponse,
    errors: [
      ...member,
      'PurchaseNotFound',
      'OrderOfAnotherMember',
      'ReturnExceedsPurchase',
      'PointsAlreadySpent',
      'IdempotencyKeyReused',
    ],
  },
  {
    method: 'POST',
    path: '/redemptions',
    access: 'purchases',
    summary: "Spend a member's cash credit at a till or in the web shop. Idempotent on redemptionId.",
    audit: 'redemption.record',
    request: redemptionRequest,
    status: 201,
    response: res.entryResponse,
    errors: [...member, 'CannotRedeem', 'CurrencyMismatch', 'NotEnoughCash', 'IdempotencyKeyReused'],
  },
  {
    method: 'POST',
    path: '/adjustments',
    access: 'members',
    summary: "Adjust a member's points with a reason (customer services). Idempotent on adjustmentId.",
    audit: 'adjustment.record',
    request: adjustmentRequest,
    status: 201,
    response: res.entryResponse,
    errors: [...member, 'BalanceWouldGoNegative', 'PointsLimit', 'IdempotencyKeyReused'],
  },
  {
    method: 'GET',
    path: '/burn-rates',
    access: 'any',
    summary: 'The burn rate: how many points make how much cash credit.',
    status: 200,
    response: res.burnRatesResponse,
    errors: [],
  },
  {
    method: 'POST',
    path: '/burn-rates',
    access: 'bootstrap',
    summary: 'Set the burn rate.',
    audit: 'burn_rate.set',
    request: burnRateRequest,
    status: 200,
    response: res.burnRatesResponse,
    errors: [],
  },
  {
    method: 'POST',
    path: '/points-expiry/run',
    access: 'bootstrap',
    summary:
      'Run the points expiry job now (every server also runs it every 10 minutes): expire what is due, write the reminders. Safe beside the scheduled runs.',
    status: 200,
    response: res.pointsExpiryRunResponse,
    errors: ['PointsExpiryOff'],
    audit: 'points_expiry.run',
  },
  {
    method: 'POST',
    path: '/members',
    access: 'members',
    summary: 'Create a member (email proven unless emailVerified is false).',
    audit: 'member.create',
    request: createMemberRequest,
    status: 201,
    response: res.memberCreatedResponse,
    errors: ['MemberExists', 'InvalidPassword'],
  },
  {
    method: 'GET',
    path: '/members/:member',
    access: 'members',
    summary: "A member's details, balances and latest ledger entries, by card number or email.",
    status: 200,
    response: res.memberResponse,
    errors: member,
  },
  {
    method: 'POST',
    path: '/members/:member',
    access: 'members',
    summary: "Change a member's VIP level, access rules, review, credit or email proof.",
    audit: 'member.update',
    request: memberUpdateRequest,
    status: 200,
    response: res.memberResponse,
    errors: [...member, 'NothingToChange', 'EmailProvenElsewhere'],
  },
  {
    method: 'POST',
    path: '/members/sign-out-everywhere',
    access: 'members',
    summary: 'A lost phone: end every session of the member and remove their passkeys.',
    audit: 'member.sign_out_everywhere',
    request: namedMemberRequest,
    status: 200,
    response: res.signOutResponse,
    errors: member,
  },
  {
    method: 'POST',
    path: '/members/send-password-reset',
    access: 'members',
    summary: 'Email the member a password reset link.',
    audit: 'member.send_password_reset',
    request: namedMemberRequest,
    status: 200,
    response: res.passwordResetResponse,
    errors: member,
  },
  {
    method: 'POST',
    path: '/members/delete',
    access: 'members',
    summary: 'Delete a member at their request: personal data erased, the ledger kept anonymised.',
    audit: 'member.delete',
    request: namedMemberRequest,
    status: 200,
    response: res.deletedResponse,
    errors: member,
  },
  {
    method: 'POST',
    path: '/invites',
    access: 'invites',
    summary:
      'Invite someone to join: the invitation is emailed and its link answered. A member who has joined already (accepted an invitation, has a password or passkey, or has signed in) is not invited again: 409 `AlreadyMember`, and nothing is sent.',
    audit: 'invite.create',
    request: createInviteRequest,
    status: 201,
    response: createInviteResponse,
    errors: ['AlreadyMember'],
  },
  {
    method: 'POST',
    path: '/staff',
    access: 'bootstrap',
    summary:
      'Create a staff account for the console (the first admin comes this way); answers the single-use passkey enrolment link to hand over. The email of a deactivated staff member brings them back with this name and role, without their old passkeys (`reactivated: true`, audited as staff.reactivate).',
    audit: 'staff.create',
    request: createStaffRequest,
    status: 201,
    response: createStaffEndpoint.response,
    errors: ['StaffExists'],
  },
  {
    method: 'POST',
    path: '/staff/enrolment-link',
    access: 'bootstrap',
    summary:
      'A new single-use enrolment link for an active staff member (a lost or new device; the way back in for an admin who lost their only device): older links stop working, and once it is used every passkey and session they had before stops working.',
    audit: 'staff.enrolment_link',
    request: staffEnrolmentLinkByEmailRequest,
    status: 200,
    response: staffEnrolmentLinkEndpoint.response,
    errors: ['StaffNotFound'],
  },
  {
    method: 'GET',
    path: '/mail',
    access: 'bootstrap',
    summary: 'The outbox: counts, and every mail still retrying or given up.',
    status: 200,
    response: res.mailStatusResponse,
    errors: [],
  },
  {
    method: 'POST',
    path: '/mail/:id/retry',
    access: 'bootstrap',
    summary: 'Send a given-up mail again.',
    audit: 'mail.retry',
    status: 200,
    response: res.mailRetryResponse,
    errors: ['MailNotFound'],
  },
  {
    method: 'POST',
    path: '/demo',
    access: 'bootstrap',
    summary:
      'Seed the demo member and their history (development only: in production it answers 404 and creates nothing).',
    audit: 'demo.seed',
    status: 200,
    response: res.demoResponse,
    errors: ['NotFound'],
  },
  {
    method: 'GET',
    path: '/keys',
    access: 'bootstrap',
    summary: 'The named API keys (never the keys themselves), with scopes and last use.',
    status: 200,
    response: apiKeyListResponse,
    errors: [],
  },
  {
    method: 'POST',
    path: '/keys',
    access: 'bootstrap',
    summary: 'Create a named API key with scopes. The key is in this answer only: store it now.',
    audit: 'api_key.create',
    request: createApiKeyRequest,
    status: 201,
    response: createApiKeyResponse,
    errors: ['ApiKeyNameTaken'],
  },
  {
    method: 'POST',
    path: '/keys/:id/revoke',
    access: 'bootstrap',
    summary: 'Revoke a named API key at once (it then answers 401).',
    audit: 'api_key.revoke',
    status: 200,
    response: revokeApiKeyResponse,
    errors: ['ApiKeyNotFound'],
  },
  {
    method: 'GET',
    path: '/audit',
    access: 'bootstrap',
    summary:
      'The audit log, newest first, filtered by member, actor, action and time (format=csv: every match as CSV).',
    query: auditQuery,
    status: 200,
    response: auditListResponse,
    errors: [],
  },
  {
    method: 'GET',
    path: '/openapi.json',
    access: 'public',
    summary: 'This document (OpenAPI 3.1).',
    status: 200,
    response: z.record(z.string(), z.unknown()),
    errors: [],
  },
  {
    method: 'GET',
    path: '/docs',
    access: 'public',
    summary: 'This document as a readable page.',
    status: 200,
    contentType: 'text/html',
    response: z.string(),
    errors: [],
  },
];

/** The operation a registered route is, by method and its path under /partner/v1. */
export function partnerOperation(method: string, path: string): PartnerOperation | undefined {
  return partnerOperations.find((op) => op.method === method && op.path === path);
}
