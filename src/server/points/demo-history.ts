import type { AppContext } from '../app-context.ts';
import { queryOne } from '../db/database.ts';
import { HttpError } from '../http/errors.ts';
import type { AccountRow } from '../members/account-service.ts';
import { recordAdjustment } from './adjustment-command.ts';
import { recordExchange } from './exchange-command.ts';
import { recordPurchase } from './purchase-command.ts';
import { recordReturn } from './return-command.ts';

const day = 86_400_000;

/**
 * The demo member's history: in-store and online purchases across stores and fascias, a return,
 * an adjustment, an exchange to the pass, and recent purchases still pending. Written once (its
 * rows carry demo- keys), through the same ledger service as real traffic.
 */
export async function seedDemoHistory(ctx: AppContext, account: AccountRow): Promise<boolean> {
  const seeded = await queryOne(
    ctx.db,
    "SELECT 1 FROM ledger_entries WHERE account_id = $1 AND request_key LIKE 'demo-%' LIMIT 1",
    [account.id],
  );
  if (seeded) return false;
  try {
    await writeDemoHistory(ctx, account);
    return true;
  } catch (error) {
    // Another server starting on the same database at the same moment is writing this history (its
    // dates a moment apart, so its first key is "used for a different purchase" here): it finishes it.
    if (error instanceof HttpError && error.code === 'IdempotencyKeyReused') return false;
    throw error;
  }
}

async function writeDemoHistory(ctx: AppContext, account: AccountRow): Promise<void> {
  const ago = (days: number) => new Date(Date.now() - days * day);
  const window = { returnsWindowDays: ctx.config.returnsWindowDays, source: 'demo' };
  const purchases = [
    {
      id: 'demo-1001',
      days: 212,
      channel: 'in-store',
      store: 'Oxford Street',
      fascia: 'Flagship',
      value: 24_900,
      points: 2_490,
    },
    {
      id: 'demo-1002',
      days: 163,
      channel: 'ecommerce',
      store: null,
      fascia: 'Online Store',
      value: 8_950,
      points: 895,
    },
    {
      id: 'demo-1003',
      days: 97,
      channel: 'in-store',
      store: 'Manchester Trafford Centre',
      fascia: 'Sportswear',
      value: 15_999,
      points: 1_600,
    },
    {
      id: 'demo-1004',
      days: 71,
      channel: 'in-store',
      store: 'Leeds Briggate',
      fascia: 'Outlet',
      value: 4_500,
      points: 450,
    },
  ] as const;
  const recent = [
    {
      id: 'demo-1005',
      days: 19,
      channel: 'in-store',
      store: 'Glasgow Buchanan Street',
      fascia: 'Flagship',
      value: 6_400,
      points: 640,
    },
    {
      id: 'demo-1006',
      days: 4,
      channel: 'ecommerce',
      store: null,
      fascia: 'Online Store',
      value: 12_000,
      points: 1_200,
    },
  ] as const;
  const buy = async (p: (typeof purchases)[number] | (typeof recent)[number]) => {
    const input = {
      orderId: p.id,
      channel: p.channel,
      storeDisplayName: p.store,
      fasciaDisplayName: p.fascia,
      value: p.value,
      currency: account.currency,
      points: p.points,
      purchasedAt: ago(p.days),
      discount: account.vip_level,
    };
    await recordPurchase(ctx.db, { accountId: account.id }, input, { ...window, body: input });
  };
  for (const p of purchases) await buy(p);
  const returned = {
    returnId: 'demo-r-1003',
    orderId: 'demo-1003',
    points: 600,
    value: 5_999,
    returnedAt: ago(90),
  };
  await recordReturn(ctx.db, returned, { memberId: account.id, body: returned, source: 'demo' });
  const adjustment = { adjustmentId: 'demo-adj-1', points: 250, reason: 'Goodwill: delayed delivery' };
  await recordAdjustment(ctx.db, account, adjustment, {
    body: adjustment,
    source: 'demo',
    createdAt: ago(60),
  });
  await recordExchange(ctx.db, account.id, 2_000, async () => 2_000, {
    source: 'demo',
    key: 'demo-exchange-1',
    createdAt: ago(33),
  });
  for (const p of recent) await buy(p);
}
