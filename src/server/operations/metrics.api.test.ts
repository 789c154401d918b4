import { afterEach, describe, expect, it } from 'vitest';
import { tillPurchase } from '#tests/support/points-fixture.ts';
import { createTestApp, type TestApp } from '#tests/support/test-app.ts';

/** Prometheus metrics at /metrics behind METRICS_KEY (issue 16, Operations); PGlite and PostgreSQL. */
const metricsKey = 'test-metrics-key-0123456789';
let apps: TestApp[] = [];
afterEach(async () => {
  for (const t of apps.splice(0)) await t.close();
  apps = [];
});

async function app(options: Parameters<typeof createTestApp>[0] = {}): Promise<TestApp> {
  const t = await createTestApp(options);
  apps.push(t);
  return t;
}

async function scrape(t: TestApp, authorization?: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: authorization ? { authorization } : {},
  });
  return { status: res.statusCode, text: res.body, headers: res.headers };
}

/** The value of one series (name with its labels as printed), 0 when it is not there yet. */
function seriesValue(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('GET /metrics', () => {
  it('after a purchase, a failed sign-in and a throttled one, the counters show them by route pattern, kind and bucket', async () => {
    const t = await app({ metricsKey, config: { signInThrottle: { accountFailures: 1 } } });
    const before = (await scrape(t, `Bearer ${metricsKey}`)).text;
    const member = await t.signedInMember();

    const purchase = await t.partner('POST', '/purchases', tillPurchase(member.loyaltyId));
    expect(purchase.status).toBe(201);
    const stranger = t.client();
    const wrong = await stranger.post('/api/login', { username: member.email, password: 'not-the-password' });
    expect(wrong.status).toBe(401);
    const throttled = await stranger.post('/api/login', { username: member.email, password: 'still-wrong' });
    expect(throttled.status).toBe(429);
    // A raw URL with something secret in it never becomes a label.
    await t.client().get('/join/secret-token-in-the-path');

    const scraped = await scrape(t, `Bearer ${metricsKey}`);
    expect(scraped.status).toBe(200);
    expect(scraped.headers['content-type']).toContain('text/plain');
    expect(scraped.headers['cache-control']).toBe('no-store');
    const after = scraped.text;
    const grew = (series: string) => seriesValue(after, series) - seriesValue(before, series);
    expect(grew('loyalty_ledger_writes_total{kind="purchase"}')).toBe(1);
    expect(grew('loyalty_sign_in_failures_total')).toBe(1);
    expect(grew('loyalty_rate_limit_refusals_total{bucket="sign-in-account"}')).toBe(1);
    expect(
      grew(
        'loyalty_http_request_duration_seconds_count{method="POST",route="/partner/v1/purchases",status="201"}',
      ),
    ).toBe(1);
    expect(
      grew('loyalty_http_request_duration_seconds_count{method="POST",route="/api/login",status="429"}'),
    ).toBe(1);
    expect(after).toContain(
      'loyalty_http_request_duration_seconds_bucket{le="0.005",method="POST",route="/api/login"',
    );
    expect(after).toMatch(/^loyalty_outbox_backlog\{state="pending"\} \d+$/m);
    expect(after).toMatch(/^loyalty_outbox_backlog\{state="given-up"\} \d+$/m);
    expect(after).toContain('# TYPE loyalty_outbox_deliveries_total counter');
    expect(after).toContain('# TYPE loyalty_wallet_pushes_total counter');
    expect(after).not.toContain('secret-token-in-the-path');
    expect(after).not.toContain(member.email);
  });

  it('without the key, with a wrong key, or with a member cookie it is refused; members routes never serve it', async () => {
    const t = await app({ metricsKey });
    expect((await scrape(t)).status).toBe(401);
    expect((await scrape(t, 'Bearer wrong-key')).status).toBe(401);
    expect((await scrape(t, metricsKey)).status).toBe(401);
    const member = await t.signedInMember();
    const asMember = await member.client.get('/metrics');
    expect(asMember.status).toBe(401);
    expect(String(asMember.body)).not.toContain('loyalty_');
    const underApi = await member.client.get('/api/metrics', { authorization: `Bearer ${metricsKey}` });
    expect(underApi.status).toBe(404);
    expect(JSON.stringify(underApi.body)).not.toContain('loyalty_');
  });

  it('with no METRICS_KEY set, /metrics answers 404 whatever is sent', async () => {
    const t = await app();
    const res = await scrape(t, `Bearer ${metricsKey}`);
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('loyalty_');
  });
});
