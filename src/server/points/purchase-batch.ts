import type { z } from 'zod';
import { ledgerLimits } from '#shared/domain/ledger-limits.ts';
import type { AppContext } from '../app-context.ts';
import { type Audit, auditChangeJson, auditParams } from '../audit/audit-log.ts';
import { HttpError } from '../http/errors.ts';
import { parseOrThrow } from '../http/routes.ts';
import { metrics } from '../operations/metrics.ts';
import { keyReused, requestHash } from './idempotent-writes.ts';
import type { LedgerRow } from './ledger-rows.ts';
import { partnerEntry } from './partner-entry.ts';
import { allowedCurrency, partnerPurchase } from './partner-points-service.ts';
import { purchaseRequest } from './partner-schemas.ts';

type Purchase = z.output<typeof purchaseRequest>;
type Outcome = 'created' | 'replayed' | 'key-reused' | 'member-not-found' | 'retry';
type ItemResult = Record<string, unknown>;

function failure(orderId: unknown, error: HttpError): ItemResult {
  return { orderId: typeof orderId === 'string' ? orderId : null, status: error.statusCode, ...error.body() };
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
 * A batch of purchases (tills and the web shop sending a backlog in one call): answered item by item
 * exactly as `POST /purchases` would answer each, in the order given, idempotent on each orderId (a
 * batch sent twice records nothing twice). A bad item answers its own 4xx and the others go on.
 *
 * Set-based: the valid items go to the database function record_purchases (migration 0032) in one
 * call. What it hands back as `retry` (a member whose purchases pass the points limit somewhere in
 * the batch, an order id a concurrent request took) and an order id's later occurrences in the batch
 * are then recorded one by one, in order, as single purchases — so the answers are the sequential
 * ones.
 *
 * Audit: one row per purchase newly recorded (purchase.record), written by the same statement that
 * records it (a data-modifying CTE over record_purchases' answers); replays and refusals none.
 */
export async function recordPurchaseBatch(ctx: AppContext, items: readonly unknown[], audit?: Audit) {
  const results: ItemResult[] = new Array(items.length);
  const valid = items.map((item) => checked(ctx, item));
  const first = new Map<string, number>();
  valid.forEach((item, i) => {
    if (item instanceof HttpError) results[i] = failure((items[i] as { orderId?: unknown })?.orderId, item);
    else if (!first.has(item.orderId)) first.set(item.orderId, i);
  });
  const batch = [...first.values()];
  const one = (i: number) => valid[i] as Purchase;
  const rows = await ctx.db.query<LedgerRow & { idx: number; outcome: Outcome; loyalty_id: string }>(
    `WITH r AS (
       SELECT r.idx, r.outcome, r.loyalty_id, (r.entry).*
         FROM record_purchases($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) r
     ), audited AS (
       INSERT INTO audit_log (actor_kind, actor_id, actor_label, action, member_id, change)
       SELECT $15, $16, $17, $18, r.account_id,
              ($19::jsonb -> (r.idx - 1)) || jsonb_build_object('entryId', r.id::text)
         FROM r WHERE r.outcome = 'created' AND $15::text IS NOT NULL
        ORDER BY r.idx
     )
     SELECT * FROM r`,
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
  );
  const later: number[] = valid.flatMap((item, i) =>
    item instanceof HttpError || first.get(item.orderId) === i ? [] : [i],
  );
  for (const { idx, outcome, loyalty_id: loyaltyId, ...entry } of rows) {
    const i = batch[idx - 1] as number;
    const { orderId } = one(i);
    if (outcome === 'retry') later.push(i);
    else if (outcome === 'member-not-found') later.push(i);
    else if (outcome === 'key-reused') results[i] = failure(orderId, keyReused('purchase', orderId));
    else {
      if (outcome === 'created') metrics.ledgerWrite('purchase');
      results[i] = {
        orderId,
        status: 201,
        replayed: outcome === 'replayed',
        entry: partnerEntry(entry, loyaltyId),
      };
    }
  }
  for (const i of later.sort((a, b) => a - b)) {
    const { orderId } = one(i);
    try {
      // One by one as POST /purchases: a card no member has keeps the purchase unmatched (202).
      const result = await partnerPurchase(ctx, one(i), audit);
      const { success: _, ...answer } = result.body;
      results[i] = { orderId, status: result.status, replayed: result.replayed, ...answer };
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      results[i] = failure(orderId, error);
    }
  }
  return { success: true, results };
}
