import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tillPurchase } from '#tests/support/points-fixture.ts';
import { createTestApp, type TestApp } from '#tests/support/test-app.ts';

/** Prometheus metrics at /metrics behind METRICS_KEY (Operations); PGlite and PostgreSQL. */
const metricsKey = 'test-metrics-key-0123456789';
let apps: TestApp[] = [];
const cleanups: (() => void)[] = [];
afterEach(async () => {
  for (const t of apps.splice(0)) await t.close();
  apps = [];
  for (const clean of cleanups.splice(0)) clean();
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

/** A web build as a deploy leaves it: the page template, a favicon and content-hashed assets. */
function webBuildWith(assets: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'loyalty-metrics-web-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html lang="en"><head></head><body></body></html>');
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  for (const file of assets) writeFileSync(join(dir, 'assets', file), '/* built */');
  return dir;
}

/** Every value the `route` label takes in an exposition. */
function routeLabels(text: string): Set<string> {
  return new Set([...text.matchAll(/[{,]route="([^"]*)"/g)].map((m) => m[1] ?? ''));
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

  it('the route label set is bounded: every hashed asset counts under /assets/*, every unknown path under one label', async () => {
    // Two deploys' worth of content-hashed names: each must not become a label of its own.
    const hashes = Array.from({ length: 4 }, () => randomBytes(4).toString('hex'));
    const assets = hashes.map((hash, i) => (i % 2 ? `screen-${hash}.css` : `index-${hash}.js`));
    const t = await app({ metricsKey, webDist: webBuildWith(assets) });
    const before = (await scrape(t, `Bearer ${metricsKey}`)).text;
    for (const file of assets) {
      const res = await t.app.inject({ method: 'GET', url: `/assets/${file}` });
      expect(res.statusCode).toBe(200);
    }
    expect((await t.app.inject({ method: 'HEAD', url: `/assets/${assets[0]}` })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/favicon.svg' })).statusCode).toBe(200);
    // Paths no route knows, under methods no catch-all takes.
    const strangers = hashes.map((hash) => `/nowhere-${hash}`);
    for (const path of strangers) await t.app.inject({ method: 'PATCH', url: path });

    const after = (await scrape(t, `Bearer ${metricsKey}`)).text;
    const grew = (series: string) => seriesValue(after, series) - seriesValue(before, series);
    expect(
      grew('loyalty_http_request_duration_seconds_count{method="GET",route="/assets/*",status="200"}'),
    ).toBe(4);
    expect(
      grew('loyalty_http_request_duration_seconds_count{method="HEAD",route="/assets/*",status="200"}'),
    ).toBe(1);
    expect(
      grew('loyalty_http_request_duration_seconds_count{method="PATCH",route="unmatched",status="405"}'),
    ).toBe(strangers.length);
    const labels = routeLabels(after);
    const unbounded = [...labels].filter((label) => hashes.some((hash) => label.includes(hash)));
    expect(unbounded).toEqual([]);
    expect(labels).toContain('/assets/*');
    expect(labels).toContain('/favicon.svg');
  });

  it('passes promtool’s naming rules: no gauge, histogram or summary is named *_total, and every counter is', async () => {
    const t = await app({ metricsKey });
    // Something in each family of this app's own metrics, so none is left out by being empty.
    await t.client().post('/api/login', { username: 'nobody@example.com', password: 'wrong password' });
    const text = (await scrape(t, `Bearer ${metricsKey}`)).text;
    const types = [...text.matchAll(/^# TYPE (\S+) (\S+)$/gm)].map(([, name, type]) => ({ name, type }));
    expect(types.length).toBeGreaterThan(10);
    const misnamed = types.filter(({ name, type }) => (type === 'counter') !== name?.endsWith('_total'));
    expect(misnamed).toEqual([]);
  });
});
