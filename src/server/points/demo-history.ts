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
 * The demo member's history: in-store and online purchases across the scheme's stores and fascias, a
 * return, an adjustment, an exchange to the pass (when points exchange is on), and recent purchases
 * still pending. Written once (its
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

/** What the demo member bought where, in the scheme's own country and words. */
const demoShops = {
  'en-GB': {
    stores: ['Oxford Street', 'Manchester Trafford Centre', 'Leeds Briggate', 'Glasgow Buchanan Street'],
    fascias: { flagship: 'Flagship', online: 'Online Store', sportswear: 'Sportswear', outlet: 'Outlet' },
    goodwill: 'Goodwill: delayed delivery',
    /** Prices in pounds (minor units: pence). */
    priceFactor: 1,
  },
  'da-DK': {
    stores: ['Strøget, København', 'Aarhus Bruuns Galleri', 'Odense Rosengårdcentret', 'Aalborg Storcenter'],
    fascias: { flagship: 'Flagskib', online: 'Webshop', sportswear: 'Sportswear', outlet: 'Outlet' },
    goodwill: 'Kompensation: forsinket levering',
    /** Prices in kroner (minor units: øre), about nine kroner to the pound. */
    priceFactor: 9,
  },
} as const;

async function writeDemoHistory(ctx: AppContext, account: AccountRow): Promise<void> {
  const ago = (days: number) => new Date(Date.now() - days * day);
  const window = { returnsWindowDays: ctx.config.returnsWindowDays, source: 'demo' };
  const shop = demoShops[ctx.config.locale];
  const [store1, store2, store3, store4] = shop.stores;
  const price = (minor: number) => minor * shop.priceFactor;
  const purchases = [
    {
      id: 'demo-1001',
      days: 212,
      channel: 'in-store',
      store: store1,
      fascia: shop.fascias.flagship,
      value: price(24_900),
      points: 2_490,
    },
    {
      id: 'demo-1002',
      days: 163,
      channel: 'ecommerce',
      store: null,
      fascia: shop.fascias.online,
      value: price(8_950),
      points: 895,
    },
    {
      id: 'demo-1003',
      days: 97,
      channel: 'in-store',
      store: store2,
      fascia: shop.fascias.sportswear,
      value: price(15_999),
      points: 1_600,
    },
    {
      id: 'demo-1004',
      days: 71,
      channel: 'in-store',
      store: store3,
      fascia: shop.fascias.outlet,
      value: price(4_500),
      points: 450,
    },
  ] as const;
  const recent = [
    {
      id: 'demo-1005',
      days: 19,
      channel: 'in-store',
      store: store4,
      fascia: shop.fascias.flagship,
      value: price(6_400),
      points: 640,
    },
    {
      id: 'demo-1006',
      days: 4,
      channel: 'ecommerce',
      store: null,
      fascia: shop.fascias.online,
      value: price(12_000),
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
    value: price(5_999),
    returnedAt: ago(90),
  };
  await recordReturn(ctx.db, returned, { memberId: account.id, body: returned, source: 'demo' });
  const adjustment = { adjustmentId: 'demo-adj-1', points: 250, reason: shop.goodwill };
  await recordAdjustment(ctx.db, account, adjustment, {
    body: adjustment,
    source: 'demo',
    createdAt: ago(60),
  });
  // Points on the pass only where the scheme lets members add them (enablePointsExchange).
  if (ctx.config.enablePointsExchange)
    await recordExchange(ctx.db, account.id, 2_000, async () => 2_000, {
      source: 'demo',
      key: 'demo-exchange-1',
      createdAt: ago(33),
    });
  for (const p of recent) await buy(p);
}
