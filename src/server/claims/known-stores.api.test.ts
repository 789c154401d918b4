import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimStoresEndpoint } from '#shared/api/claims.ts';
import { createTestApp, type TestApp } from '#tests/support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let seq = 0;
async function purchase(loyaltyId: string, channel: 'in-store' | 'ecommerce', store: string | null) {
  const res = await t.partner('POST', '/purchases', {
    orderId: `KS-${Date.now().toString(36)}-${++seq}`,
    loyaltyId,
    channel,
    ...(store ? { storeDisplayName: store } : {}),
    value: 2_500,
    currency: 'GBP',
    points: 250,
    purchasedAt: new Date().toISOString(),
  });
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
}

describe('the stores the scheme has seen, for the missing-purchase form', () => {
  it('needs sign-in', async () => {
    const res = await t.client().get('/api/purchase-claims/stores');
    expect(res.status).toBe(401);
  });

  it('lists every store of an in-store purchase, a member’s or an unknown card’s, once each, alphabetically; never an online order’s', async () => {
    const member = await t.signedInMember();
    await purchase(member.loyaltyId, 'in-store', 'Oxford Street');
    await purchase(member.loyaltyId, 'in-store', 'Oxford Street');
    await purchase(member.loyaltyId, 'in-store', 'Bond Street');
    await purchase(member.loyaltyId, 'ecommerce', 'Online Store');
    await purchase('6399999999999', 'in-store', 'Manchester Arndale');
    const res = await member.client.get('/api/purchase-claims/stores');
    expect(res.status).toBe(200);
    expect(claimStoresEndpoint.response.parse(res.body).stores).toEqual([
      'Bond Street',
      'Manchester Arndale',
      'Oxford Street',
    ]);
  });
});
