import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '#tests/support/test-app.ts';

/**
 * What the members' service worker (src/web/offline/sw.js) is told and given: the header naming the
 * session a browser holds after each answer (a page, a sign-in, a sign-out, an account deleted, a
 * cookie whose session has ended), the offline page for a member and for nobody, the manifest and
 * the worker's own cache header.
 */
let t: TestApp;
let dir: string;

/** A web build without building: index.html, a worker file, and the server renderer from source. */
function sourceWebBuild(): string {
  dir = mkdtempSync(join(tmpdir(), 'loyalty-offline-'));
  mkdirSync(join(dir, 'web'));
  mkdirSync(join(dir, 'server'));
  writeFileSync(
    join(dir, 'web', 'index.html'),
    readFileSync(fileURLToPath(new URL('../../../index.html', import.meta.url)), 'utf8'),
  );
  writeFileSync(join(dir, 'web', 'sw.js'), 'self.addEventListener("fetch", () => {});\n');
  const renderer = new URL('../../web/entry-server.tsx', import.meta.url).href;
  writeFileSync(
    join(dir, 'server', 'entry-server.js'),
    `export { ready, render, renderOfflinePage } from '${renderer}';\n`,
  );
  return join(dir, 'web');
}

beforeAll(async () => {
  t = await createTestApp({ webDist: sourceWebBuild() });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const tagOf = (headers: Record<string, unknown>) => headers['x-offline-card'];

async function memberWithTag(name: string) {
  const member = await t.signedInMember({ name });
  const page = await member.client.get<string>('/');
  const tag = tagOf(page.headers);
  expect(tag).toMatch(/^[A-Za-z0-9_-]{22}$/);
  return { ...member, tag: String(tag) };
}

const cardNumberOf = async (client: TestClient) =>
  (await client.get<{ account: { cardNumber: string } }>('/api-w/viewer')).body.account.cardNumber;

describe('the offline page', () => {
  it("a member's: the card (name, number), the points and when they were read; no script, never HTTP-cached", async () => {
    const { client, email, tag } = await memberWithTag('Maya Offline');
    const before = Date.now();
    const res = await client.get<string>('/offline');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(tagOf(res.headers)).toBe(tag);
    // Kept while the session could still live: the idle time-out from now (14 days by default).
    const until = Number(res.headers['x-offline-card-until']);
    expect(until).toBeGreaterThanOrEqual(before + 14 * 24 * 3600_000);
    expect(until).toBeLessThan(Date.now() + 14 * 24 * 3600_000 + 1000);
    const html = res.body;
    expect(html).toContain('Maya Offline');
    expect(html).toContain(`Card number ${await cardNumberOf(client)}`);
    expect(html).toMatch(/Last updated \d+(st|nd|rd|th) \w+ \d{4} at \d\d:\d\d/);
    expect(html).toContain('data-testid="offline-points"');
    // Only what the card needs: no script, no boot data, not the member's email address.
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toContain(email);
  });

  it("nobody's: says the site needs the network, and holds nothing personal", async () => {
    const res = await t.client().get<string>('/offline');
    expect(res.status).toBe(200);
    expect(tagOf(res.headers)).toBe('none');
    expect(res.headers['x-offline-card-until']).toBeUndefined();
    expect(res.body).toContain("You're offline");
    expect(res.body).not.toContain('Card number');
  });
});

describe('the header that tells the service worker whose card it may keep', () => {
  it("a visitor's page says none; two members' sessions have different tags, each the same on every answer", async () => {
    expect(tagOf((await t.client().get('/')).headers)).toBe('none');
    const a = await memberWithTag('Anna Tag');
    const b = await memberWithTag('Bertil Tag');
    expect(a.tag).not.toBe(b.tag);
    expect(tagOf((await a.client.get('/help/history')).headers)).toBe(a.tag);
  });

  it('a sign-in names the new session; signing in again (another session) gives another tag', async () => {
    const a = await memberWithTag('Carl Again');
    const login = await a.client.post('/api/login', { username: a.email, password: a.password });
    expect(login.status).toBe(200);
    const fresh = tagOf(login.headers);
    expect(fresh).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(fresh).not.toBe(a.tag);
    expect(tagOf((await a.client.get('/')).headers)).toBe(fresh);
  });

  it('signing out says none', async () => {
    const { client } = await memberWithTag('Dora Out');
    const res = await client.post('/api/logout', {});
    expect(res.status).toBeLessThan(300);
    expect(tagOf(res.headers)).toBe('none');
  });

  it("the browser's sign-out cookie says none on the next request", async () => {
    const { client } = await memberWithTag('Eva Cookie');
    const res = await client.get('/api/transactions', {
      cookie: `session=${client.sessionCookie()}; signed-out=1`,
    });
    expect(tagOf(res.headers)).toBe('none');
  });

  it('deleting the account says none', async () => {
    const { client, email } = await memberWithTag('Finn Deleted');
    const res = await client.post('/api/delete-account', { username: email });
    expect(res.status).toBe(200);
    expect(tagOf(res.headers)).toBe('none');
  });

  it('a cookie whose session has ended says none on an API call', async () => {
    const res = await t.client().get('/api/transactions', { cookie: 'session=no-such-session-token' });
    expect(res.status).toBe(401);
    expect(tagOf(res.headers)).toBe('none');
  });
});

describe('installing the app', () => {
  it('the manifest names the scheme, starts on Home, and its icons are the sizes it says', async () => {
    const res = await t.client().get<string>('/manifest.webmanifest');
    expect(res.status).toBe(200);
    expect(String(res.headers['content-type'])).toContain('application/manifest+json');
    const manifest = JSON.parse(typeof res.body === 'string' ? res.body : JSON.stringify(res.body)) as Record<
      string,
      unknown
    > & { icons: { src: string; sizes: string; purpose: string }[] };
    expect(manifest).toMatchObject({
      name: 'Members Club',
      short_name: 'Members',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#121212',
      background_color: '#121212',
    });
    expect(manifest.icons.map((icon) => icon.purpose).sort()).toEqual(['any', 'any', 'maskable']);
    for (const icon of manifest.icons) {
      const file = fileURLToPath(new URL(`../../../public${icon.src}`, import.meta.url));
      const { width, height } = await sharp(file).metadata();
      expect(`${width}x${height}`).toBe(icon.sizes);
    }
    const page = await t.client().get<string>('/');
    expect(page.body).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
    expect(page.body).toContain('<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />');
    const apple = await sharp(
      fileURLToPath(new URL('../../../public/icons/apple-touch-icon.png', import.meta.url)),
    ).metadata();
    expect([apple.width, apple.height, apple.hasAlpha]).toEqual([180, 180, false]);
  });

  it('the service worker is never kept by an HTTP cache (a deploy takes over at the next visit)', async () => {
    const res = await t.client().get('/sw.js');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    // The page's policy lets it run: scripts (and so workers) from the site itself.
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
  });
});
