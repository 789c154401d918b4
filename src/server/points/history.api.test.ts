import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactionsEndpoint } from '#shared/api/points.ts';
import { createTestApp, type TestApp } from '#tests/support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
let seq = 0;
const key = (what: string) => `${what}-${Date.now()}-${++seq}`;

describe('purchase history: returns tied to their purchase, order numbers', () => {
  it('history: a purchase carries what was returned and its net points; each return names its purchase', async () => {
    const m = await t.signedInMember();
    const orderId = key('H');
    const purchasedAt = daysAgo(40);
    const bought = await t.partner('POST', '/purchases', {
      orderId,
      loyaltyId: m.loyaltyId,
      channel: 'in-store',
      storeDisplayName: 'Oxford Street',
      value: 10_000,
      currency: 'GBP',
      points: 1_000,
      purchasedAt,
    });
    expect(bought.status).toBe(201);
    for (const points of [200, 100]) {
      const res = await t.partner('POST', '/returns', {
        returnId: key('R'),
        orderId,
        points,
        value: points * 10,
      });
      expect(res.status).toBe(201);
    }
    const rows = transactionsEndpoint.response.parse((await m.client.get('/api/transactions')).body);
    expect(rows.map((r) => r.kind)).toEqual(['return', 'return', 'purchase']);
    const purchase = rows[2];
    expect(purchase?.order?.orderId).toBe(orderId);
    expect(purchase?.returned).toEqual({ points: 300, value: 3_000 });
    expect(purchase?.netPoints).toBe(700);
    expect(purchase?.adjustedPoints).toBe(1_000);
    for (const ret of rows.slice(0, 2)) {
      expect(ret.returnOf).toEqual({ id: purchase?.id, createdDate: new Date(purchasedAt).toISOString() });
      expect(ret.order?.orderId).toBe(orderId);
      expect(ret.netPoints).toBeNull();
      expect(ret.returned).toBeNull();
    }
    // Off by default: no row says it expires.
    expect(rows.every((r) => r.expiresAt === null)).toBe(true);
  });

  it('history: a purchase with nothing returned has no returns and its own points as net; the Home page of 1 row agrees', async () => {
    const m = await t.signedInMember();
    const orderId = key('N');
    await t.partner('POST', '/purchases', {
      orderId,
      loyaltyId: m.loyaltyId,
      channel: 'ecommerce',
      value: 2_500,
      currency: 'GBP',
      points: 250,
    });
    const [row] = transactionsEndpoint.response.parse((await m.client.get('/api/transactions?limit=1')).body);
    expect(row).toMatchObject({
      kind: 'purchase',
      returned: null,
      netPoints: 250,
      returnOf: null,
      pending: true,
    });
    expect(row?.order?.orderId).toBe(orderId);
  });

  it('history: with points expiry on, rows that add points carry their expiry date, months after they confirm', async () => {
    const e = await createTestApp({ config: { pointsExpiry: { months: 12 } } });
    try {
      const m = await e.signedInMember();
      const purchasedAt = '2026-01-15T10:00:00.000Z';
      await e.partner('POST', '/purchases', {
        orderId: key('X'),
        loyaltyId: m.loyaltyId,
        channel: 'ecommerce',
        value: 1_000,
        currency: 'GBP',
        points: 100,
        purchasedAt,
      });
      const rows = transactionsEndpoint.response.parse((await m.client.get('/api/transactions')).body);
      // Confirms 28 days after the purchase (the returns window), expires 12 months after that.
      expect(rows[0]?.confirmsAt).toBe('2026-02-12T10:00:00.000Z');
      expect(rows[0]?.expiresAt).toBe('2027-02-12T10:00:00.000Z');
    } finally {
      await e.close();
    }
  });
});
