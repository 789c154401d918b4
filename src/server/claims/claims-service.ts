import type { z } from 'zod';
import type { Claim, claimRequest } from '#shared/api/claims.ts';
import type { AppContext } from '../app-context.ts';
import { type Queryable, queryOne } from '../db/database.ts';
import { conflict } from '../http/errors.ts';
import type { LedgerRow } from '../points/ledger-rows.ts';
import { lockAccount } from '../points/ledger-store.ts';
import { recordPurchase } from '../points/purchase-command.ts';
import { purchaseOf, type UnmatchedRow } from '../points/unmatched-purchases.ts';
import { refuseUnlessTaken, takeSlotAnd } from '../rate-limits/rate-limits.ts';
import { type ClaimRow, claimById, claimSelect, claimView, detailsAgree } from './claim-rows.ts';

/** Claims a member may have waiting for staff at once, and may make in a day (matched or not). */
const claimLimits = { open: 3, perDay: 5 };

type ClaimInput = z.output<typeof claimRequest>;

/**
 * The member reports a missing purchase. Under the member's account lock (so parallel reports queue
 * and the limits hold): refused when the order is already theirs or already reported; matched at
 * once when a purchase with that order id reached us for no known member, the date, store and
 * amount agree, and the till named this member (their card, or their proven email): it becomes their
 * purchase through the ledger's purchase path. Otherwise it waits for staff: a receipt's details are
 * no proof of whose purchase it was (anyone who saw the receipt knows them). The answer never says whether the order exists under another member
 * (docs/decisions/0056-missing-purchases-what-may-be-matched.md, docs/decisions/0057-missing-purchases-the-tills-buyer-first.md).
 * Counted against a daily limit per member whatever the outcome, so order numbers cannot be tried
 * one after another.
 */
export async function submitClaim(
  ctx: AppContext,
  accountId: string,
  input: ClaimInput,
  reply: Parameters<typeof refuseUnlessTaken>[0],
): Promise<Claim> {
  const outcome = await takeSlotAnd(
    ctx.db,
    [{ bucket: 'purchase-claim-account', key: accountId, limit: claimLimits.perDay, windowMinutes: 1440 }],
    async (tx) => {
      const account = await lockAccount(tx, accountId);
      const ledger = await queryOne<LedgerRow>(
        tx,
        "SELECT * FROM ledger_entries WHERE kind = 'purchase' AND request_key = $1",
        [input.orderId],
      );
      if (ledger?.account_id === accountId)
        throw conflict('AlreadyInHistory', `The order ${input.orderId} is already in your purchase history.`);
      const earlier = await queryOne(
        tx,
        'SELECT id FROM purchase_claims WHERE account_id = $1 AND order_id = $2',
        [accountId, input.orderId],
      );
      if (earlier) throw conflict('AlreadyClaimed', `You have already reported the order ${input.orderId}.`);
      const open = await queryOne<{ n: number }>(
        tx,
        "SELECT COUNT(*)::int AS n FROM purchase_claims WHERE account_id = $1 AND status = 'pending'",
        [accountId],
      );
      if ((open?.n ?? 0) >= claimLimits.open)
        throw conflict(
          'TooManyOpenClaims',
          `You have ${claimLimits.open} reports waiting for staff already.`,
        );

      const claim = { ...input, currency: account.currency };
      const kept = ledger
        ? undefined
        : await queryOne<UnmatchedRow>(
            tx,
            'SELECT * FROM unmatched_purchases WHERE order_id = $1 AND claimed_by IS NULL FOR UPDATE',
            [input.orderId],
          );
      const finding = ledger
        ? 'another-card'
        : !kept
          ? 'not-found'
          : !detailsAgree(claim, kept)
            ? 'details-differ'
            : namesMember(kept.member_reference, account)
              ? 'matched'
              : 'reference-differs';
      const entry = finding === 'matched' && kept ? await claimUnmatched(ctx, tx, accountId, kept) : null;
      const row = await queryOne<{ id: number }>(
        tx,
        `INSERT INTO purchase_claims (account_id, order_id, purchased_on, channel, store, amount, currency,
           status, finding, ledger_entry_id, decided_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, CASE WHEN $10::bigint IS NOT NULL THEN now() END)
         RETURNING id`,
        [
          accountId,
          input.orderId,
          input.purchasedOn,
          input.channel,
          input.channel === 'in-store' ? input.store : null,
          input.amount,
          account.currency,
          entry ? 'approved' : 'pending',
          finding,
          entry?.id ?? null,
        ],
      );
      const stored = row && (await claimById(tx, Number(row.id)));
      if (!stored) throw new Error('purchase claim was not stored');
      return claimView(stored);
    },
  );
  refuseUnlessTaken(
    reply,
    outcome,
    `You have reported ${claimLimits.perDay} missing purchases today. Please try again tomorrow.`,
  );
  return outcome.result;
}

/**
 * Whether the card number or email a till sent names this member: their card, or their email once
 * proven (an unproven email is only a claim to it, docs/decisions/0013-email-belongs-to-an-account-once.md).
 * Compared as record_purchase compares them (trimmed; emails without case).
 */
function namesMember(
  reference: string,
  account: { loyalty_id: string; email: string | null; email_verified: boolean },
): boolean {
  const sent = reference.trim();
  if (sent === account.loyalty_id) return true;
  return account.email_verified && account.email !== null && sent.toLowerCase() === account.email;
}

/**
 * A kept unmatched purchase becomes the member's purchase: written by the ledger's purchase path with
 * the partner's own request as its fingerprint, so that request sent again answers this purchase.
 * Call with the member's account locked and the unmatched row locked.
 */
export async function claimUnmatched(
  ctx: AppContext,
  tx: Queryable,
  accountId: string,
  kept: UnmatchedRow,
): Promise<LedgerRow> {
  const { entry } = await recordPurchase(tx, { accountId }, purchaseOf(kept), {
    returnsWindowDays: ctx.config.returnsWindowDays,
    body: kept.request_body,
    source: 'claim',
  });
  await tx.query('UPDATE unmatched_purchases SET claimed_by = $2, claimed_at = now() WHERE order_id = $1', [
    kept.order_id,
    accountId,
  ]);
  return entry;
}

/** The member's reports, newest first (all of them: a member makes a few a year at most). */
export async function memberClaims(db: Queryable, accountId: string): Promise<Claim[]> {
  const rows = await db.query<ClaimRow>(
    `${claimSelect} WHERE c.account_id = $1 ORDER BY c.created_at DESC, c.id DESC LIMIT 100`,
    [accountId],
  );
  return rows.map(claimView);
}
