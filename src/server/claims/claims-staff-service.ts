import type { Claim } from '#shared/api/claims.ts';
import { refusal } from '#shared/api/partner-claims.ts';
import type { AppContext } from '../app-context.ts';
import type { Audit } from '../audit/audit-log.ts';
import { type Queryable, queryOne } from '../db/database.ts';
import type { Mail } from '../email/mailer.ts';
import { enqueueMail } from '../email/outbox.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import { parseOrThrow } from '../http/routes.ts';
import type { LedgerRow } from '../points/ledger-rows.ts';
import { lockAccount } from '../points/ledger-store.ts';
import { recordPurchase } from '../points/purchase-command.ts';
import type { UnmatchedRow } from '../points/unmatched-purchases.ts';
import { claimApprovedMail, claimRefusedMail } from './claim-emails.ts';
import { type ClaimRow, claimById, claimSelect, claimView } from './claim-rows.ts';
import { takeBack } from './claim-take-back.ts';
import { claimUnmatched } from './claims-service.ts';

/**
 * Staff's side of "A purchase is missing?": the queue, approve, refuse. One service behind the
 * partner API, the operator CLI (`claims list|approve|refuse`) and the staff console.
 */

/** A claim as staff see it: the member, and what the check on arrival found. */
export interface StaffClaim extends Claim {
  member: { loyaltyId: string; fullName: string; email: string | null };
  /**
   * matched, details-differ (an unmatched purchase of that order id differs), reference-differs (it
   * agrees, but the till named a card or email that is not the member's proven one), another-card,
   * not-found.
   */
  finding: ClaimRow['finding'];
  /**
   * The till sent this order for a member (`purchase.onCard`) after the claim was approved: both hold
   * points for one order. `settled`: null while staff have not decided, `kept` (the claimant keeps
   * the points) or `taken-back` (refused: a return took them back).
   */
  conflict: { at: string; settled: 'kept' | 'taken-back' | null } | null;
  /** The purchase the order id names, if one reached us: kept unmatched, or on a member's card. */
  purchase: {
    onCard: string | null;
    memberReference: string | null;
    purchasedAt: string;
    channel: string;
    store: string | null;
    value: number;
    currency: string;
    points: number;
  } | null;
}

/**
 * The queue: claims of one status (default pending), oldest first, `limit` at a time after `after` (an
 * id). The pending queue (what waits for staff) also holds approved claims in conflict with a later
 * till purchase that staff have not settled.
 */
export async function listClaims(
  db: Queryable,
  options: { status?: Claim['status']; limit?: number; after?: string } = {},
): Promise<StaffClaim[]> {
  const rows = await db.query<ClaimRow & { loyalty_id: string; full_name: string; email: string | null }>(
    `SELECT q.*, a.loyalty_id, a.full_name, a.email FROM (${claimSelect}
       WHERE (c.status = $1 OR ($1 = 'pending' AND c.conflict_entry_id IS NOT NULL AND c.conflict_settled_at IS NULL))
         AND ($3::bigint IS NULL OR (c.created_at, c.id) > (SELECT created_at, id FROM purchase_claims WHERE id = $3))
       ORDER BY c.created_at, c.id LIMIT $2) q
     JOIN accounts a ON a.id = q.account_id ORDER BY q.created_at, q.id`,
    [options.status ?? 'pending', Math.min(Math.max(options.limit ?? 50, 1), 200), options.after ?? null],
  );
  return Promise.all(rows.map((row) => staffView(db, row)));
}

export async function getClaim(db: Queryable, id: string): Promise<StaffClaim> {
  const row = await claimOrThrow(db, id);
  return staffView(db, row);
}

async function staffView(
  db: Queryable,
  row: ClaimRow & { loyalty_id?: string; full_name?: string; email?: string | null },
): Promise<StaffClaim> {
  const member =
    row.loyalty_id !== undefined
      ? { loyaltyId: row.loyalty_id, fullName: row.full_name ?? '', email: row.email ?? null }
      : await memberOf(db, row.account_id);
  return {
    ...claimView(row),
    member,
    finding: row.finding,
    conflict: conflictOf(row),
    purchase: await purchaseFound(db, row.order_id),
  };
}

function conflictOf(row: ClaimRow): StaffClaim['conflict'] {
  if (!row.conflict_at) return null;
  const settled = !row.conflict_settled_at ? null : row.reversal_entry_id ? 'taken-back' : 'kept';
  return { at: row.conflict_at.toISOString(), settled };
}

async function memberOf(db: Queryable, accountId: string) {
  const a = await queryOne<{ loyalty_id: string; full_name: string; email: string | null }>(
    db,
    'SELECT loyalty_id, full_name, email FROM accounts WHERE id = $1',
    [accountId],
  );
  return { loyaltyId: a?.loyalty_id ?? '', fullName: a?.full_name ?? '', email: a?.email ?? null };
}

async function purchaseFound(db: Queryable, orderId: string): Promise<StaffClaim['purchase']> {
  const inLedger = await queryOne<LedgerRow & { loyalty_id: string }>(
    db,
    `SELECT l.*, a.loyalty_id FROM ledger_entries l JOIN accounts a ON a.id = l.account_id
      WHERE l.kind = 'purchase' AND l.request_key = $1`,
    [orderId],
  );
  if (inLedger)
    return {
      onCard: inLedger.loyalty_id,
      memberReference: null,
      purchasedAt: inLedger.created_at.toISOString(),
      channel: inLedger.channel ?? 'in-store',
      store: inLedger.store_display_name ?? inLedger.fascia_display_name,
      value: Number(inLedger.order_value ?? 0),
      currency: inLedger.order_currency ?? '',
      points: Number(inLedger.points),
    };
  const kept = await queryOne<UnmatchedRow>(db, 'SELECT * FROM unmatched_purchases WHERE order_id = $1', [
    orderId,
  ]);
  if (!kept) return null;
  return {
    onCard: null,
    memberReference: kept.member_reference,
    purchasedAt: kept.purchased_at.toISOString(),
    channel: kept.channel,
    store: kept.store_display_name ?? kept.fascia_display_name,
    value: Number(kept.order_value),
    currency: kept.order_currency,
    points: Number(kept.points),
  };
}

async function claimOrThrow(db: Queryable, id: string): Promise<ClaimRow> {
  const row = /^[1-9]\d{0,17}$/.test(id) ? await claimById(db, Number(id)) : undefined;
  if (!row) throw notFound('ClaimNotFound', `There is no missing-purchase claim ${id}.`);
  return row;
}

/**
 * Locks the claim's member, then the claim (read again under the lock). The member first, as the
 * till's purchase does (it locks its buyer, then the claims of its order: claim-conflicts.ts), so a
 * claimant's own purchase and a decision on their claim queue instead of deadlocking.
 */
async function lockClaim(tx: Queryable, id: string): Promise<ClaimRow> {
  const { account_id } = await claimOrThrow(tx, id);
  await lockAccount(tx, account_id);
  const row = await claimById(tx, Number(id), true);
  if (!row) throw notFound('ClaimNotFound', `There is no missing-purchase claim ${id}.`);
  return row;
}

/**
 * Approves a claim and credits the member through the ledger's purchase path, once: the claim row is
 * locked, so parallel approvals queue and the ones behind the first answer the approved claim.
 * - An unmatched purchase of that order id (the details differed): it becomes the member's purchase,
 *   with its own points.
 * - No purchase of that order reached us: a purchase of the claimed amount and day, keyed on the
 *   claim (the till's later purchase of the order still credits its buyer and flags this claim:
 *   claim-conflicts.ts), with `points` staff give.
 * - The order is on another member's card: a purchase for this member keyed on the claim, with the
 *   other purchase's points unless staff give `points`; the other card keeps its purchase (a return
 *   there is staff's separate decision, docs/decisions/0056-missing-purchases-what-may-be-matched.md).
 */
export async function approveClaim(
  ctx: AppContext,
  id: string,
  options: { points?: number; audit?: Audit } = {},
): Promise<StaffClaim> {
  if (
    options.points !== undefined &&
    (!Number.isSafeInteger(options.points) || options.points < 0 || options.points > 10_000_000)
  )
    throw badRequest('InvalidRequest', 'points must be a whole number from 0 to 10000000.', {
      fieldErrors: { points: 'points must be a whole number from 0 to 10000000' },
    });
  await ctx.db.transaction(async (tx) => {
    const claim = await lockClaim(tx, id);
    if (claim.status === 'approved') {
      if (claim.conflict_entry_id === null || claim.conflict_settled_at !== null) return;
      // Approving a claim in conflict again settles it: the claimant keeps the points.
      await tx.query('UPDATE purchase_claims SET conflict_settled_at = now() WHERE id = $1', [claim.id]);
      await options.audit?.(tx, {
        memberId: claim.account_id,
        change: { claim: id, orderId: claim.order_id, conflict: 'kept' },
      });
      return;
    }
    if (claim.status === 'refused')
      throw conflict('ClaimDecided', `Claim ${id} was refused: ${claim.reason}`);
    const kept = await queryOne<UnmatchedRow>(
      tx,
      'SELECT * FROM unmatched_purchases WHERE order_id = $1 AND claimed_by IS NULL FOR UPDATE',
      [claim.order_id],
    );
    const { entry, tillPurchase } = kept
      ? { entry: await claimUnmatched(ctx, tx, claim.account_id, kept), tillPurchase: null }
      : await creditClaimed(ctx, tx, claim, options.points);
    await tx.query(
      `UPDATE purchase_claims SET status = 'approved', ledger_entry_id = $2, decided_at = now(),
         conflict_entry_id = $3, conflict_at = CASE WHEN $3::bigint IS NOT NULL THEN now() END
       WHERE id = $1`,
      [claim.id, entry.id, tillPurchase],
    );
    await tellMember(tx, claim, (to) =>
      claimApprovedMail(ctx.config, ctx.origin, {
        ...to,
        points: Number(entry.points),
        confirmsAt: entry.confirmed_at ? null : entry.confirms_at,
      }),
    );
    await options.audit?.(tx, {
      memberId: claim.account_id,
      change: {
        claim: id,
        orderId: claim.order_id,
        points: Number(entry.points),
        ...(tillPurchase ? { conflictWith: String(tillPurchase) } : {}),
      },
    });
  });
  return getClaim(ctx.db, id);
}

/**
 * The claimant's credit when no kept purchase is left to claim: the till's own purchase if it names
 * the claimant, else a purchase keyed on the claim (never on the order id: the till's purchase of the
 * order must still credit its buyer when it comes). `tillPurchase`: the till's purchase of the order
 * on another card, when the member's report found none (it came since; staff may not have seen it),
 * so the claim is flagged as in conflict with it.
 */
async function creditClaimed(
  ctx: AppContext,
  tx: Queryable,
  claim: ClaimRow,
  points: number | undefined,
): Promise<{ entry: LedgerRow; tillPurchase: number | null }> {
  const other = await queryOne<LedgerRow>(
    tx,
    "SELECT * FROM ledger_entries WHERE kind = 'purchase' AND request_key = $1",
    [claim.order_id],
  );
  if (other?.account_id === claim.account_id) return { entry: other, tillPurchase: null };
  const credit = points ?? (other ? Number(other.points) : undefined);
  if (credit === undefined)
    throw badRequest(
      'PointsRequired',
      `No purchase of order ${claim.order_id} reached us: give the points to credit (points).`,
      { fieldErrors: { points: 'Give the points to credit' } },
    );
  const key = `claim-${claim.id}`;
  const { entry } = await recordPurchase(
    tx,
    { accountId: claim.account_id },
    {
      orderId: key,
      channel: claim.channel,
      storeDisplayName: claim.store,
      fasciaDisplayName: null,
      value: Number(claim.amount),
      currency: claim.currency,
      points: credit,
      purchasedAt: new Date(`${String(claim.purchased_on).slice(0, 10)}T12:00:00Z`),
      discount: null,
    },
    {
      returnsWindowDays: ctx.config.returnsWindowDays,
      body: { claim: String(claim.id), points: credit },
      source: 'claim',
    },
  );
  const unseen = other && claim.finding !== 'another-card';
  return { entry, tillPurchase: unseen ? Number(other.id) : null };
}

/**
 * Refuses a pending claim with the reason the member reads; refusing it again changes nothing. An
 * approved claim in conflict with the till's later purchase may be refused too: a return of the
 * claim's purchase takes its points back (pending ones before they count; counted ones from the
 * balance, or 409 PointsAlreadySpent when the member has spent them: then an adjustment is staff's).
 */
export async function refuseClaim(
  ctx: AppContext,
  id: string,
  reason: string,
  options: { audit?: Audit } = {},
): Promise<StaffClaim> {
  const text = parseOrThrow(refusal, { reason }).reason;
  await ctx.db.transaction(async (tx) => {
    const claim = await lockClaim(tx, id);
    if (claim.status === 'refused') return;
    const inConflict = claim.conflict_entry_id !== null && claim.conflict_settled_at === null;
    if (claim.status === 'approved' && !inConflict)
      throw conflict('ClaimDecided', `Claim ${id} was approved already.`);
    const reversal = claim.status === 'approved' ? await takeBack(tx, claim) : null;
    await tx.query(
      `UPDATE purchase_claims SET status = 'refused', reason = $2, decided_at = now(), reversal_entry_id = $3,
         conflict_settled_at = CASE WHEN conflict_entry_id IS NOT NULL THEN now() END
       WHERE id = $1`,
      [claim.id, text, reversal?.id ?? null],
    );
    await tellMember(tx, claim, (to) =>
      claimRefusedMail(ctx.config, ctx.origin, {
        ...to,
        reason: text,
        pointsTakenBack: reversal ? Math.abs(Number(reversal.points)) : null,
      }),
    );
    await options.audit?.(tx, {
      memberId: claim.account_id,
      change: {
        claim: id,
        orderId: claim.order_id,
        reason: text,
        ...(reversal ? { conflict: 'taken-back', points: Number(reversal.points) } : {}),
      },
    });
  });
  return getClaim(ctx.db, id);
}

/**
 * The member hears of staff's decision by email, written to the outbox in the decision's transaction
 * (a decision that rolls back sends nothing; a repeated one returns before this, so one mail each).
 * Only to the member's proven address.
 */
async function tellMember(
  tx: Queryable,
  claim: ClaimRow,
  mail: (to: { to: string; fullName: string; orderId: string; purchasedOn: string }) => Promise<Mail>,
): Promise<void> {
  const member = await queryOne<{ email: string | null; email_verified: boolean; full_name: string }>(
    tx,
    'SELECT email, email_verified, full_name FROM accounts WHERE id = $1 AND deleted_at IS NULL',
    [claim.account_id],
  );
  if (!member?.email || !member.email_verified) return;
  await enqueueMail(
    tx,
    await mail({
      to: member.email,
      fullName: member.full_name,
      orderId: claim.order_id,
      purchasedOn: String(claim.purchased_on).slice(0, 10),
    }),
  );
}
