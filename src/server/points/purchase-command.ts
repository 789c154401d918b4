import type { Database } from '../db/database.ts';
import type { AccountRow } from '../members/account-service.ts';
import { type KeyedResult, keyedWrite } from './idempotent-writes.ts';
import { changePoints, insertEntry } from './ledger-store.ts';
import { checkPointsLimit } from './pending-points.ts';

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

/**
 * A purchase earns points that stay pending for the returns window after the purchase date; a
 * purchase reported after its window (an old order) counts at once.
 */
export async function recordPurchase(
  db: Database,
  account: AccountRow,
  input: PurchaseInput,
  options: { returnsWindowDays: number; body: unknown; source?: string },
): Promise<KeyedResult> {
  return keyedWrite(db, 'purchase', input.orderId, options.body, account.id, async (tx, hash) => {
    await checkPointsLimit(tx, account.id, input.points, 'purchase');
    const purchasedAt = input.purchasedAt ?? new Date();
    const confirmsAt = new Date(purchasedAt.getTime() + options.returnsWindowDays * 86_400_000);
    const matured = confirmsAt.getTime() <= Date.now();
    const entry = await insertEntry(tx, {
      accountId: account.id,
      kind: 'purchase',
      points: input.points,
      confirmsAt,
      confirmed: matured,
      orderId: input.orderId,
      channel: input.channel,
      storeDisplayName: input.storeDisplayName,
      fasciaDisplayName: input.fasciaDisplayName,
      orderValue: input.value,
      currency: input.currency,
      createdAt: purchasedAt,
      key: input.orderId,
      hash,
      discount: input.discount,
      source: options.source ?? 'partner',
    });
    if (entry && matured) await changePoints(tx, account.id, input.points);
    return entry;
  });
}
