import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactionsEndpoint } from '#shared/api/points.ts';
import { viewerResponseSchema } from '#shared/api/viewer.ts';
import { createTestApp, type TestApp } from '#tests/support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  // Points exchange on: the demo member's history shows the "points added to your pass" row only when
  // the scheme offers the exchange.
  t = await createTestApp({ config: { enablePointsExchange: true } });
});
afterAll(() => t.close());

describe('demo data (npm run loyalty -- demo)', () => {
  it('demo: the member has a realistic history with pending points, and seeding twice changes nothing', async () => {
    const first = await t.partner('POST', '/demo', {});
    expect(first.body).toMatchObject({ created: true });
    const again = await t.partner('POST', '/demo', {});
    expect(again.body).toMatchObject({ created: false });
    const browser = t.client();
    await browser.post('/api/login', { username: 'demo@example.com', password: 'demo-password-2026' });
    const { account } = viewerResponseSchema.parse((await browser.get('/api-w/viewer')).body);
    expect(account).toMatchObject({ pointsBalance: 3_085, pendingPointsBalance: 1_840, cashBalance: 2_000 });
    const list = transactionsEndpoint.response.parse((await browser.get('/api/transactions')).body);
    expect(list).toHaveLength(9);
    expect(new Set(list.map((row) => row.kind))).toEqual(
      new Set(['purchase', 'return', 'adjustment', 'exchange']),
    );
    expect(new Set(list.map((row) => row.channel).filter(Boolean))).toEqual(new Set(['In-Store', 'Online']));
    expect(list.filter((row) => row.pending)).toHaveLength(2);
  });
});
