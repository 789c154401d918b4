import type { Audit } from '../audit/audit-log.ts';
import { type Database, queryOne } from '../db/database.ts';
import { conflict, HttpError, notFound } from '../http/errors.ts';
import { type KeyedResult, keyedWrite } from './idempotent-writes.ts';
import type { LedgerRow } from './ledger-rows.ts';
import { changePoints, insertEntry } from './ledger-store.ts';

export interface ReturnInput {
  returnId: string;
  orderId: string;
  /** Points to reverse; all that remain of the order when omitted. */
  points: number | null;
  /** The refunded value, minor units. */
  value: number | null;
  returnedAt: Date | null;
}

/**
 * A return reverses points of its purchase: pending ones before confirmation, else from the balance.
 * With points expiry on (`expiryMonths`), a return after the purchase's points reached their expiry
 * date takes none: by then they have left the balance, spent or expired, and taking them again would
 * take another purchase's points (docs/decisions/0061-points-expiry-lots-spent-oldest-first.md). The return is still recorded.
 */
export async function recordReturn(
  db: Database,
  input: ReturnInput,
  options: {
    memberId: string | null;
    body: unknown;
    source?: string;
    audit?: Audit;
    expiryMonths?: number | null;
  },
): Promise<KeyedResult> {
  const purchase = await queryOne<LedgerRow>(
    db,
    "SELECT * FROM ledger_entries WHERE kind = 'purchase' AND request_key = $1",
    [input.orderId],
  );
  if (!purchase)
    throw notFound('PurchaseNotFound', `There is no purchase with the orderId ${input.orderId}.`);
  if (options.memberId && options.memberId !== purchase.account_id) {
    throw new HttpError(400, 'OrderOfAnotherMember', `The order ${input.orderId} belongs to another member.`);
  }
  return keyedWrite(
    db,
    'return',
    input.returnId,
    options.body,
    purchase.account_id,
    async (tx, hash) => {
      // Read again under the account lock: the purchase may have confirmed since it was looked up.
      const state = await queryOne<{
        confirmed_at: Date | null;
        confirms_at: Date | null;
        returned: number;
        expired: boolean;
      }>(
        tx,
        `SELECT p.confirmed_at, p.confirms_at,
              (SELECT COALESCE(SUM(r.points), 0)::bigint FROM ledger_entries r WHERE r.reverses_entry_id = p.id) AS returned,
              COALESCE(COALESCE(p.confirms_at, p.created_at) + make_interval(months => $2::int) <= now(), false) AS expired
         FROM ledger_entries p WHERE p.id = $1`,
        [purchase.id, options.expiryMonths ?? null],
      );
      const remaining = purchase.points + (state?.returned ?? 0);
      const points = input.points ?? remaining;
      if (points > remaining || (remaining === 0 && purchase.points > 0)) {
        throw conflict(
          'ReturnExceedsPurchase',
          remaining === 0
            ? `The points of order ${input.orderId} have already been returned.`
            : `Only ${remaining} points of order ${input.orderId} are left to return.`,
        );
      }
      const pending = !state?.confirmed_at;
      const taken = state?.expired ? 0 : points;
      const entry = await insertEntry(tx, {
        accountId: purchase.account_id,
        kind: 'return',
        points: -taken,
        // Reversing pending points: the return matures with its purchase, so the two confirm together.
        confirmsAt: pending ? (state?.confirms_at ?? purchase.confirms_at) : null,
        orderId: purchase.order_id,
        channel: purchase.channel,
        storeDisplayName: purchase.store_display_name,
        fasciaDisplayName: purchase.fascia_display_name,
        orderValue: input.value ?? (input.points === null ? purchase.order_value : null),
        currency: purchase.order_currency,
        createdAt: input.returnedAt,
        key: input.returnId,
        hash,
        reverses: purchase.id,
        source: options.source ?? 'partner',
      });
      if (!entry) return null;
      if (!pending && taken > 0 && !(await changePoints(tx, purchase.account_id, -taken))) {
        const balance = await queryOne<{ points_balance: number }>(
          tx,
          'SELECT points_balance FROM accounts WHERE id = $1',
          [purchase.account_id],
        );
        throw conflict(
          'PointsAlreadySpent',
          `The member has already spent these points: ${taken} to reverse, ${balance?.points_balance ?? 0} in the balance. Nothing was changed; post an adjustment instead.`,
        );
      }
      return entry;
    },
    options.audit,
  );
}
