import { ledgerLimits } from '#shared/domain/ledger-limits.ts';
import { type Audit, auditChangeJson, auditParams } from '../audit/audit-log.ts';
import { type Queryable, queryOne } from '../db/database.ts';
import { memberNotFound } from '../members/find-member.ts';
import { metrics } from '../operations/metrics.ts';
import { claimConflictCtes } from './claim-conflicts.ts';
import { type KeyedResult, keyReused, requestHash } from './idempotent-writes.ts';
import type { LedgerRow } from './ledger-rows.ts';
import { pointsLimitError } from './pending-points.ts';

export interface PurchaseInput {
  orderId: string;
  channel: 'ecommerce' | 'in-store';
  storeDisplayName: string | null;
  fasciaDisplayName: string | null;
  value: number;
  currency: string;
  points: number;
  purchasedAt: Date | null;
  discount: string | null;
}

/** Whose purchase: an account already found, or the card number or email a partner request names. */
export type PurchaseMember = { accountId: string } | { reference: string };

export interface PurchaseResult extends KeyedResult {
  loyaltyId: string;
  /** Whether the member has a wallet pass this purchase may have changed (none: nothing to sync). */
  passChanged: boolean;
}

type Outcome = 'created' | 'replayed' | 'key-reused' | 'member-not-found' | 'points-limit';

/**
 * A purchase earns points that stay pending for the returns window after the purchase date; a
 * purchase reported after its window (an old order) counts at once. Idempotent on the order id.
 *
 * One round trip: the database function record_purchase (migration 0031) finds and locks the member,
 * confirms their matured points, checks the points limit, inserts with ON CONFLICT and credits the
 * balance, in the implicit transaction of one statement. The migration says why it is a function;
 * 0046 has it do the wallet's and the viewer's bookkeeping for its row instead of the insert triggers.
 * A partner purchase's audit row is written by the same statement (a data-modifying CTE), only when
 * the purchase was created: a replay adds no row, and a rolled-back purchase leaves none. It is a
 * named prepared statement: parsing and planning it was a fifth of the database's work per purchase.
 * A member's claim of the same order is looked at by the same statement (claim-conflicts.ts).
 * It also says whether the member has a wallet pass (`passChanged`): a member without one has no
 * pass to bring up to date, so the request need not wake the wallet sync (wallet-routes.ts).
 */
export async function recordPurchase(
  db: Queryable,
  member: PurchaseMember,
  input: PurchaseInput,
  options: { returnsWindowDays: number; body: unknown; source?: string; audit?: Audit },
): Promise<PurchaseResult> {
  const row = await queryOne<
    LedgerRow & { outcome: Outcome; loyalty_id: string; held: number; has_pass: boolean }
  >(
    db,
    `WITH r AS (
       SELECT r.outcome, r.loyalty_id, r.held, (r.entry).*
         FROM record_purchase($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) r
     ), audited AS (
       INSERT INTO audit_log (actor_kind, actor_id, actor_label, action, member_id, change)
       SELECT $16, $17, $18, $19, r.account_id, $20::jsonb || jsonb_build_object('entryId', r.id::text)
         FROM r WHERE r.outcome = 'created' AND $16::text IS NOT NULL
     ), ${claimConflictCtes('r', 16)}
     SELECT r.*, r.outcome = 'created' AND EXISTS (SELECT 1 FROM wallet_passes w WHERE w.account_id = r.account_id) AS has_pass
       FROM r`,
    [
      'accountId' in member ? member.accountId : null,
      'reference' in member ? member.reference : null,
      input.orderId,
      input.channel,
      input.storeDisplayName,
      input.fasciaDisplayName,
      input.value,
      input.currency,
      input.points,
      input.purchasedAt,
      input.discount,
      requestHash(options.body),
      options.returnsWindowDays,
      options.source ?? 'partner',
      ledgerLimits.maxPoints,
      ...auditParams(options.audit),
      auditChangeJson(options.body as Record<string, unknown>),
    ],
    { prepared: 'record-purchase' },
  );
  if (!row) throw new Error('record_purchase answered no row');
  const { outcome, loyalty_id: loyaltyId, held, has_pass: passChanged, ...entry } = row;
  switch (outcome) {
    case 'member-not-found':
      throw memberNotFound('reference' in member ? member.reference : member.accountId);
    case 'points-limit':
      throw pointsLimitError('purchase', held, input.points);
    case 'key-reused':
      throw keyReused('purchase', input.orderId);
    case 'created':
      metrics.ledgerWrite('purchase');
      return { entry, replayed: false, loyaltyId, passChanged };
    case 'replayed':
      return { entry, replayed: true, loyaltyId, passChanged: false };
  }
}
