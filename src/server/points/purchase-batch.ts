import type { z } from 'zod';
import { purchaseRequest } from '#shared/api/partner-points.ts';
import { ledgerLimits } from '#shared/domain/ledger-limits.ts';
import type { AppContext } from '../app-context.ts';
import { type Audit, auditChangeJson, auditParams } from '../audit/audit-log.ts';
import { isDatabaseUnavailable } from '../db/database-unavailable.ts';
import { failureAnswer } from '../http/error-handling.ts';
import { HttpError } from '../http/errors.ts';
import { parseOrThrow } from '../http/routes.ts';
import { metrics } from '../operations/metrics.ts';
import { claimConflictCtes } from './claim-conflicts.ts';
import { keyReused, requestHash } from './idempotent-writes.ts';
import { type PartnerEntryRow, partnerEntry } from './partner-entry.ts';
import { allowedCurrency, type PurchaseAnswer, partnerPurchase } from './partner-points-service.ts';

export type Purchase = z.output<typeof purchaseRequest>;
/**
 * What one purchase of a set answers: exactly what `POST /purchases` would, or its 4xx (HttpError),
 * or the error that stopped it alone (recorded on its own after the set's statement).
 */
export type PurchaseOutcome = PurchaseAnswer | Error;
type Outcome = 'created' | 'replayed' | 'key-reused' | 'member-not-found' | 'retry';

/** One purchase's answer from record_purchases, as recordPurchases reads it. */
type AnsweredRow = Omit<PartnerEntryRow, 'created_at' | 'confirms_at' | 'confirmed_at'> & {
  idx: number;
  outcome: Outcome;
  loyalty_id: string;
  pass_changed: boolean;
  created_ms: number;
  confirms_ms: number | null;
  confirmed_ms: number | null;
};

const dateOrNull = (ms: number | null) => (ms === null ? null : new Date(ms));

/** The entry of an answered row (each field named: a spread of the driver's row is 4 µs a row). */
function answeredEntry(row: AnsweredRow): PartnerEntryRow {
  return {
    id: row.id,
    kind: row.kind,
    request_key: row.request_key,
    points: row.points,
    cash: row.cash,
    order_id: row.order_id,
    channel: row.channel,
    store_display_name: row.store_display_name,
    fascia_display_name: row.fascia_display_name,
    order_value: row.order_value,
    order_currency: row.order_currency,
    discount: row.discount,
    reason: row.reason,
    created_at: new Date(row.created_ms),
    confirms_at: dateOrNull(row.confirms_ms),
    confirmed_at: dateOrNull(row.confirmed_ms),
  };
}

/** Each item on its own: validated, in an allowed currency; the answer to a bad one is its 4xx. */
function checked(ctx: AppContext, item: unknown): Purchase | HttpError {
  try {
    return allowedCurrency(ctx, parseOrThrow(purchaseRequest, item));
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
}

/**
 * The set's statement, or, when it fails as a whole, each purchase alone and in order: so what one
 * purchase holds or meets is only ever its own answer, and a batch sent again records the rest.
 */
async function recordedTogetherOrAlone(
  ctx: AppContext,
  purchases: readonly Purchase[],
  audit?: Audit,
): Promise<PurchaseOutcome[]> {
  try {
    return await recordPurchases(ctx, purchases, audit);
  } catch (error) {
    // A database out of reach fails every purchase alike: the whole batch answers 503 and is sent again.
    if (isDatabaseUnavailable(error)) throw error;
    ctx.log.warn(
      { err: error, purchases: purchases.length },
      'a batch of purchases failed as a set; recording each alone',
    );
    const outcomes: PurchaseOutcome[] = [];
    for (const purchase of purchases) {
      outcomes.push(
        await partnerPurchase(ctx, purchase, audit).catch((failed: unknown) => {
          if (isDatabaseUnavailable(failed)) throw failed;
          return failed instanceof Error ? failed : new Error(String(failed));
        }),
      );
    }
    return outcomes;
  }
}

/**
 * A batch of purchases (tills and the web shop sending a backlog in one call): answered item by item
 * exactly as `POST /purchases` would answer each, in the order given, idempotent on each orderId (a
 * batch sent twice records nothing twice). A bad item answers its own 4xx, one the server could not
 * record its own 500 (logged), and the others go on.
 * `passChanged`: whether any purchase may have changed a wallet pass (the wallet sync need not wake).
 */
export async function recordPurchaseBatch(ctx: AppContext, items: readonly unknown[], audit?: Audit) {
  const valid = items.map((item) => checked(ctx, item));
  const purchases = valid.filter((item): item is Purchase => !(item instanceof HttpError));
  const recorded = await recordedTogetherOrAlone(ctx, purchases, audit);
  const outcomes = recorded.values();
  const results = valid.map((item, i) => {
    const outcome = item instanceof HttpError ? item : (outcomes.next().value as PurchaseOutcome);
    const orderId = item instanceof HttpError ? (items[i] as { orderId?: unknown })?.orderId : item.orderId;
    const named = typeof orderId === 'string' ? orderId : null;
    if (outcome instanceof Error) {
      const { status, body } = failureAnswer(outcome);
      if (status >= 500) ctx.log.error({ err: outcome, orderId: named }, 'a purchase of a batch failed');
      return { orderId: named, status, ...body };
    }
    const { success: _, ...answer } = outcome.body;
    return { orderId: named, status: outcome.status, replayed: outcome.replayed, ...answer };
  });
  const passChanged = recorded.some((outcome) => !(outcome instanceof Error) && outcome.passChanged);
  return { success: true, results, passChanged };
}

/**
 * Valid purchases recorded together, each answered as `POST /purchases` would answer it on its own,
 * in the order given (the batch route's, and single purchases that arrived together:
 * purchase-groups.ts).
 *
 * Set-based: the purchases go to the database function record_purchases (migration 0032) in one
 * call. What it hands back as `retry` (a member whose purchases pass the points limit somewhere in
 * the set, an order id a concurrent request took), its `member-not-found` (kept unmatched, 202) and
 * an order id's later occurrences in the set are then recorded one by one, in order, as single
 * purchases — so the answers are the sequential ones.
 *
 * Only the set's statement throws: what one purchase recorded on its own meets is its own outcome.
 *
 * Audit: one row per purchase newly recorded (purchase.record), written by record_purchases with the
 * purchase (migration 0061: a batch writes them before it locks its members); replays and refusals
 * none.
 *
 * A member's claim of an order the set records is looked at by the same statement (claim-conflicts.ts).
 *
 * A named prepared statement: single purchases are grouped all day (sets of 3-10), and parsing and
 * planning this statement was a quarter of a set of five's database time (1.7-1.85 ms a call, 1.3-1.5
 * prepared; pgbench, one client).
 */
export async function recordPurchases(
  ctx: AppContext,
  purchases: readonly Purchase[],
  audit?: Audit,
): Promise<PurchaseOutcome[]> {
  const outcomes: PurchaseOutcome[] = new Array(purchases.length);
  const first = new Map<string, number>();
  purchases.forEach((item, i) => {
    if (!first.has(item.orderId)) first.set(item.orderId, i);
  });
  const batch = [...first.values()];
  const one = (i: number) => purchases[i] as Purchase;
  const rows = await ctx.db.query<AnsweredRow>(
    // The entry's columns the answer shows, its times as milliseconds since the epoch (rounded down,
    // as the driver reads a time's text): the server spent 11.0 ms of CPU on a batch of 500 so,
    // against 12.1 ms reading each whole row with its times as text.
    `WITH answered AS MATERIALIZED (
     SELECT r.idx, r.outcome, r.loyalty_id, r.pass_changed, (r.entry).id, (r.entry).kind,
            (r.entry).request_key, (r.entry).points, (r.entry).cash, (r.entry).order_id,
            (r.entry).channel, (r.entry).store_display_name, (r.entry).fascia_display_name,
            (r.entry).order_value, (r.entry).order_currency, (r.entry).discount, (r.entry).reason,
            floor(extract(epoch FROM (r.entry).created_at) * 1000)::bigint AS created_ms,
            floor(extract(epoch FROM (r.entry).confirms_at) * 1000)::bigint AS confirms_ms,
            floor(extract(epoch FROM (r.entry).confirmed_at) * 1000)::bigint AS confirmed_ms
       FROM record_purchases($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14,
                             $15, $16, $17, $18, $19) r
     ), ${claimConflictCtes('answered', 15)}
     SELECT * FROM answered ORDER BY idx`,
    [
      batch.map((i) => one(i).loyaltyId ?? one(i).email ?? ''),
      batch.map((i) => one(i).orderId),
      batch.map((i) => one(i).channel),
      batch.map((i) => one(i).storeDisplayName),
      batch.map((i) => one(i).fasciaDisplayName),
      batch.map((i) => one(i).value),
      batch.map((i) => one(i).currency),
      batch.map((i) => one(i).points),
      batch.map((i) => one(i).purchasedAt ?? null),
      batch.map((i) => one(i).discount),
      batch.map((i) => requestHash(one(i))),
      ctx.config.returnsWindowDays,
      'partner',
      ledgerLimits.maxPoints,
      ...auditParams(audit),
      `[${batch.map((i) => auditChangeJson(one(i))).join(',')}]`,
    ],
    { prepared: 'record-purchases' },
  );
  const later: number[] = purchases.flatMap((item, i) => (first.get(item.orderId) === i ? [] : [i]));
  for (const row of rows) {
    const { idx, outcome, loyalty_id: loyaltyId, pass_changed: passChanged } = row;
    const i = batch[idx - 1] as number;
    const { orderId } = one(i);
    if (outcome === 'retry' || outcome === 'member-not-found') later.push(i);
    else if (outcome === 'key-reused') outcomes[i] = keyReused('purchase', orderId);
    else {
      if (outcome === 'created') metrics.ledgerWrite('purchase');
      const replayed = outcome === 'replayed';
      const body = { success: true, entry: partnerEntry(answeredEntry(row), loyaltyId) };
      outcomes[i] = { status: 201, replayed, passChanged: !replayed && passChanged, body };
    }
  }
  for (const i of later.sort((a, b) => a - b)) {
    try {
      // One by one as POST /purchases: a card no member has keeps the purchase unmatched (202).
      outcomes[i] = await partnerPurchase(ctx, one(i), audit);
    } catch (error) {
      outcomes[i] = error instanceof Error ? error : new Error(String(error));
    }
  }
  return outcomes;
}
