import { type Queryable, queryOne } from '../db/database.ts';
import { conflict } from '../http/errors.ts';
import type { LedgerRow } from '../points/ledger-rows.ts';
import { changePoints, insertEntry } from '../points/ledger-store.ts';
import { confirmMatured } from '../points/pending-points.ts';
import type { ClaimRow } from './claim-rows.ts';

/**
 * A return of the claim's purchase, all its points that remain, keyed on the claim (so it is written
 * once). Call with the claimant's account locked.
 */
export async function takeBack(tx: Queryable, claim: ClaimRow): Promise<LedgerRow> {
  // As every ledger write: matured points count first, so "pending" below is the truth.
  await confirmMatured(tx, claim.account_id);
  const credit = await queryOne<LedgerRow & { returned: number }>(
    tx,
    `SELECT p.*, (SELECT COALESCE(SUM(r.points), 0)::bigint FROM ledger_entries r WHERE r.reverses_entry_id = p.id) AS returned
       FROM ledger_entries p WHERE p.id = $1`,
    [claim.ledger_entry_id],
  );
  if (!credit) throw new Error(`claim ${claim.id} has no credit to take back`);
  const points = Number(credit.points) + Number(credit.returned);
  const pending = credit.confirmed_at === null && credit.confirms_at !== null;
  const entry = await insertEntry(tx, {
    accountId: claim.account_id,
    kind: 'return',
    points: -points,
    // Reversing pending points: the return matures with its purchase, so the two confirm together.
    confirmsAt: pending ? credit.confirms_at : null,
    orderId: credit.order_id,
    channel: credit.channel,
    storeDisplayName: credit.store_display_name,
    fasciaDisplayName: credit.fascia_display_name,
    currency: credit.order_currency,
    key: `claim-${claim.id}-refused`,
    reverses: credit.id,
    source: 'claim',
  });
  if (!entry) throw new Error(`claim ${claim.id} was taken back already`);
  if (!pending && points > 0 && !(await changePoints(tx, claim.account_id, -points)))
    throw conflict(
      'PointsAlreadySpent',
      `The member has already spent the ${points} points of claim ${claim.id}. Nothing was changed; post an adjustment instead, or approve the claim to let them keep the points.`,
    );
  return entry;
}
