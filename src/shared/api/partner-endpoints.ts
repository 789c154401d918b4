import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { claimApproval, claimsQuery, refusal } from './partner-claims.ts';
import {
  adjustmentRequest,
  burnRateRequest,
  purchaseBatchRequest,
  purchaseRequest,
  redemptionRequest,
  returnRequest,
} from './partner-points.ts';
import * as res from './partner-responses.ts';

/**
 * The partner API's till-facing operations under /partner/v1 (purchases, returns, redemptions,
 * adjustments, claims, the burn rate): who may call each (access), what it records in the audit log,
 * what it takes and answers. The server registers them through the partner door
 * (src/server/partner/partner-door.ts), the OpenAPI document is generated from them, and the operator
 * CLI calls them: one declaration each. The rest are in partner-admin-endpoints.ts.
 *
 * Access keys: a scope (`purchases`, `members`, `invites`): a named key holding it, or the bootstrap
 * key; `any`: any valid key; `bootstrap`: the bootstrap key only; `public`: no key.
 */

/** An operation that takes no body (or ignores one). */
export const noInput = z.unknown();

const purchases = { door: 'partner', key: 'purchases' } as const;
const bootstrap = { door: 'partner', key: 'bootstrap' } as const;

export const recordPurchase = endpoint({
  method: 'POST',
  path: '/partner/v1/purchases',
  access: purchases,
  audit: 'purchase.record',
  summary:
    'Record a purchase: its points are pending for the returns window. Idempotent on orderId (a replay answers 201 with the first result and the header idempotent-replayed: true). For a card or email no member has it answers 202 with `unmatched`: the purchase is kept for its member to claim ("A purchase is missing?").',
  request: purchaseRequest,
  status: 201,
  response: res.purchaseResponse,
  otherAnswers: [
    {
      status: 202,
      description:
        'No member has that card or email: the purchase is kept unmatched, for its member to claim.',
      response: res.unmatchedResponse,
    },
  ],
  errors: ['CurrencyNotAllowed', 'IdempotencyKeyReused', 'PointsLimit'],
});

export const recordPurchaseBatch = endpoint({
  method: 'POST',
  path: '/partner/v1/purchases/batch',
  access: purchases,
  audit: 'purchase.record',
  summary:
    'Record up to 500 purchases at once, each as POST /purchases would (one result per purchase, 201, 202 or its own error). Each newly recorded purchase leaves its own audit row.',
  request: purchaseBatchRequest,
  response: res.batchResponse,
});

export const listClaims = endpoint({
  method: 'GET',
  path: '/partner/v1/claims',
  access: bootstrap,
  summary:
    'Missing-purchase claims of one status (default pending), oldest first: the member, what they reported, what the check found, and the purchase of that order id if one reached us. The pending queue also holds approved claims in `conflict` with a later till purchase of their order that staff have not settled (approve again: the claimant keeps the points; refuse: a return takes them back).',
  request: claimsQuery,
  response: res.claimsResponse,
});

export const getClaim = endpoint({
  method: 'GET',
  path: '/partner/v1/claims/:id',
  access: bootstrap,
  summary: 'One missing-purchase claim.',
  request: noInput,
  response: res.claimResponse,
  errors: ['ClaimNotFound'],
});

export const approveClaim = endpoint({
  method: 'POST',
  path: '/partner/v1/claims/:id/approve',
  access: bootstrap,
  audit: 'claim.approve',
  summary:
    "Approve a claim: the member is credited through the ledger's purchase path, once (approving again answers the approved claim). `points` is needed when no purchase of the order reached us. Approving a claim in conflict with a later till purchase settles it: the claimant keeps the points.",
  request: claimApproval,
  response: res.claimResponse,
  errors: ['ClaimNotFound', 'ClaimDecided', 'PointsRequired', 'PointsLimit'],
});

export const refuseClaim = endpoint({
  method: 'POST',
  path: '/partner/v1/claims/:id/refuse',
  access: bootstrap,
  audit: 'claim.refuse',
  summary:
    'Refuse a pending claim with the reason the member reads. An approved claim in conflict with a later till purchase may be refused too: a return takes its points back (409 PointsAlreadySpent when the member has spent them).',
  request: refusal,
  response: res.claimResponse,
  errors: ['ClaimNotFound', 'ClaimDecided', 'PointsAlreadySpent'],
});

const member = ['MemberNotFound'];

export const recordReturn = endpoint({
  method: 'POST',
  path: '/partner/v1/returns',
  access: purchases,
  audit: 'return.record',
  summary: 'Record a return of (part of) an order: its points come off. Idempotent on returnId.',
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
});

export const recordRedemption = endpoint({
  method: 'POST',
  path: '/partner/v1/redemptions',
  access: purchases,
  audit: 'redemption.record',
  summary: "Spend a member's cash credit at a till or in the web shop. Idempotent on redemptionId.",
  request: redemptionRequest,
  status: 201,
  response: res.entryResponse,
  errors: [...member, 'CannotRedeem', 'CurrencyMismatch', 'NotEnoughCash', 'IdempotencyKeyReused'],
});

export const recordAdjustment = endpoint({
  method: 'POST',
  path: '/partner/v1/adjustments',
  access: { door: 'partner', key: 'members' },
  audit: 'adjustment.record',
  summary: "Adjust a member's points with a reason (customer services). Idempotent on adjustmentId.",
  request: adjustmentRequest,
  status: 201,
  response: res.entryResponse,
  errors: [...member, 'BalanceWouldGoNegative', 'PointsLimit', 'IdempotencyKeyReused'],
});

export const getBurnRates = endpoint({
  method: 'GET',
  path: '/partner/v1/burn-rates',
  access: { door: 'partner', key: 'any' },
  summary: 'The burn rate: how many points make how much cash credit.',
  request: noInput,
  response: res.burnRatesResponse,
});

export const setBurnRate = endpoint({
  method: 'POST',
  path: '/partner/v1/burn-rates',
  access: bootstrap,
  audit: 'burn_rate.set',
  summary: 'Set the burn rate.',
  request: burnRateRequest,
  response: res.burnRatesResponse,
});

export const runPointsExpiry = endpoint({
  method: 'POST',
  path: '/partner/v1/points-expiry/run',
  access: bootstrap,
  audit: 'points_expiry.run',
  summary:
    'Run the points expiry job now (every server also runs it every 10 minutes): expire what is due, write the reminders. Safe beside the scheduled runs.',
  request: noInput,
  response: res.pointsExpiryRunResponse,
  errors: ['PointsExpiryOff'],
});

export const tillEndpoints = [
  recordPurchase,
  recordPurchaseBatch,
  listClaims,
  getClaim,
  approveClaim,
  refuseClaim,
  recordReturn,
  recordRedemption,
  recordAdjustment,
  getBurnRates,
  setBurnRate,
  runPointsExpiry,
];
