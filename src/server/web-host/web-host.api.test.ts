import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '#tests/support/test-app.ts';
import type { Boot } from './boot.ts';

let t: TestApp;
let dir: string;

/** The start script as the build inlines it (vite.config.ts startAfterFirstPaint; unminified here). */
const startScript = readFileSync(fileURLToPath(new URL('../../web/start.js', import.meta.url)), 'utf8');

/**
 * A web build without building: the page template is the project's index.html with the start script
 * inline at the end of the body, as the build leaves it, the server renderer the real one, from source
 * (dist/web and dist/server's layout).
 */
function sourceWebBuild(): string {
  dir = mkdtempSync(join(tmpdir(), 'loyalty-web-'));
  mkdirSync(join(dir, 'web'));
  mkdirSync(join(dir, 'server'));
  const template = readFileSync(fileURLToPath(new URL('../../../index.html', import.meta.url)), 'utf8');
  writeFileSync(
    join(dir, 'web', 'index.html'),
    template.replace('</body>', `<script data-entry="/e.js" data-preload="">${startScript}</script></body>`),
  );
  const renderer = new URL('../../web/entry-server.tsx', import.meta.url).href;
  writeFileSync(join(dir, 'server', 'entry-server.js'), `export { ready, render } from '${renderer}';\n`);
  return join(dir, 'web');
}

beforeAll(async () => {
  t = await createTestApp({ webDist: sourceWebBuild() });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The page's boot block, parsed; and what the page holds after it. */
async function page(client: TestClient, path: string) {
  const res = await client.get<string>(path);
  expect(res.status).toBe(200);
  expect(String(res.headers['content-type'])).toContain('text/html');
  const html = res.body;
  const blocks = [...html.matchAll(/<script type="application\/json" id="boot">([\s\S]*?)<\/script>/g)];
  expect(blocks).toHaveLength(1);
  const boot = JSON.parse(blocks[0]?.[1] ?? '') as Boot;
  return { html, boot };
}

describe('web host: member data never changes the page around it', () => {
  const names = [
    "A $` B $' C </script>",
    '$& $$ $1 <!--boot--> <!--ssr-html-->',
    'Line\u2028Separator </SCRIPT><script>alert(1)</script>',
  ];

  it.each(names)(
    'a member named %j gets Home and My details pages that load, with their name intact',
    async (name) => {
      // The name reaches the account as the member could type it (partner API refuses control
      // characters, so the separator is stored directly, as a legacy row could hold it).
      const m = await t.signedInMember({ name: 'Placeholder Name' });
      await t.ctx.db.query('UPDATE accounts SET full_name = $2 WHERE loyalty_id = $1', [m.loyaltyId, name]);
      for (const path of ['/', '/help/account']) {
        const { html, boot } = await page(m.client, path);
        expect(boot.viewer?.account?.fullName).toBe(name);
        // The template appears once, whole: one root, one boot block, one module script, one end.
        expect(html.match(/<div id="root">/g)).toHaveLength(1);
        // The server renderer ran (the members' layout), and its output is in the page as rendered.
        expect(html).not.toContain('<div id="root"></div>');
        expect(html.match(/<script type="module"/g)).toHaveLength(1);
        expect(html.match(/<\/html>/g)).toHaveLength(1);
        expect(html.trimEnd().endsWith('</html>')).toBe(true);
        // Nothing of the name can end the data block or open a script; the data block holds the
        // separator escaped (Home shows the name itself, where the separator is only text).
        expect(html).not.toContain('<script>alert(1)</script>');
        expect(html.slice(html.indexOf('id="boot"'))).not.toContain('\u2028');
      }
    },
  );
});

describe('web host: the CSP runs the start script and no other inline script', () => {
  it("names the start script's hash, the only inline script of the page; the boot data never runs", async () => {
    const res = await t.client().get<string>('/');
    const csp = String(res.headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((directive) => directive.trim().startsWith('script-src')) ?? '';
    const hash = createHash('sha256').update(startScript).digest('base64');
    expect(scriptSrc.trim()).toBe(`script-src 'self' 'sha256-${hash}'`);
    const inline = [...res.body.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map(
      ([, attributes]) => attributes,
    );
    expect(inline).toEqual([' type="application/json" id="boot"', ' data-entry="/e.js" data-preload=""']);
  });
});

describe('web host: a page that only sends the visitor elsewhere is answered with a redirect', () => {
  // The server render cannot navigate: <Redirect> records where to, and the server answers 302.
  it.each([
    ['/create-exchange', '/'],
    ['/help/no-such-page', null],
    ['/no-such-page', '/'],
    ['/shell-home-4f2a', '/'],
  ])('signed out, %s answers 302 to %s (or the page when it has one)', async (path, location) => {
    const res = await t.client().get<string>(path);
    if (location === null) {
      expect(res.status).toBe(200);
      return;
    }
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(location);
  });

  it('signed in, /help answers 302 to /help/account and /reset-password?next=… to the next page', async () => {
    const m = await t.signedInMember();
    const help = await m.client.get<string>('/help');
    expect(help.status).toBe(302);
    expect(help.headers.location).toBe('/help/account');
    const reset = await m.client.get<string>('/reset-password?next=%2Fhelp%2Fsecurity');
    expect(reset.status).toBe(302);
    expect(reset.headers.location).toBe('/help/security');
    // A screen of its own is a page, rendered around the lazy screen without it.
    const account = await m.client.get<string>('/help/account');
    expect(account.status).toBe(200);
  });
});

describe('web host: the signed-in Home is rendered whole on the server', () => {
  /** A member with a goodwill adjustment (confirmed points) and purchases at their own store. */
  async function memberWithActivity(name: string, store: string, points: number) {
    const m = await t.signedInMember({ name });
    const adjustment = await t.partner('POST', '/adjustments', {
      adjustmentId: `goodwill-${m.loyaltyId}`,
      loyaltyId: m.loyaltyId,
      points,
      reason: 'Goodwill',
    });
    expect(adjustment.status).toBe(201);
    for (const n of [1, 2, 3, 4, 5, 6]) {
      const res = await t.partner('POST', '/purchases', {
        orderId: `${store}-order-${n}`,
        loyaltyId: m.loyaltyId,
        channel: 'in-store',
        storeDisplayName: store,
        value: 1_000 * n,
        currency: 'GBP',
        points: 10 * n,
      });
      expect(res.status).toBe(201);
    }
    return m;
  }

  /** What the page shows (the rendered root), apart from its boot data. */
  const shown = (html: string) => html.slice(html.indexOf('<div id="root">'), html.indexOf('id="boot"'));

  it("carries the member's card number, points and recent activity in the HTML, and no other member's", async () => {
    const ana = await memberWithActivity('Ana Marsh', 'Ana-Street', 1_234);
    const ben = await memberWithActivity('Ben Okafor', 'Ben-Street', 4_321);
    const { html, boot } = await page(ana.client, '/');
    const body = shown(html);
    const card = boot.viewer?.account?.cardNumber ?? 'no card';
    expect(body).toContain(card);
    expect(body).toContain('Hello, Ana<');
    expect(body).toMatch(/data-testid="points-balance">1,234/);
    expect(body).toMatch(/data-testid="pending-points">210 pending/);
    // The five newest rows, as the history reads them, in the page and in its boot data.
    for (const n of [6, 5, 4, 3, 2]) expect(body).toContain(`Order Ana-Street-order-${n}`);
    expect(body).not.toContain('Order Ana-Street-order-1');
    const history = await ana.client.get('/api/transactions?limit=5');
    expect(boot.home?.recentActivity).toEqual(history.body);
    expect(boot.home?.nextExpiry).toBeNull();
    // The Home chunk is preloaded, and the browser is told to load it before hydrating.
    expect(boot.screens).toEqual(['src/web/home/home-screen.tsx']);
    // The strings the render formatted come with it, so hydration makes no Intl formatter.
    expect(Object.values(boot.formats ?? {})).toEqual(expect.arrayContaining(['1,234', '210', '£60.00']));
    // Nothing of the other member anywhere in the page.
    const benCard = (await page(ben.client, '/')).boot.viewer?.account?.cardNumber ?? 'no card';
    for (const other of [benCard, 'Ben Okafor', 'Ben-Street', '4,321']) expect(html).not.toContain(other);
  });

  it('a member with no activity yet gets the empty list, rendered', async () => {
    const m = await t.signedInMember({ name: 'New Member' });
    const { html, boot } = await page(m.client, '/');
    expect(boot.home).toEqual({ recentActivity: [], nextExpiry: null });
    expect(shown(html)).toContain('Hello, New<');
    expect(shown(html)).not.toContain('aria-busy');
  });

  it('signed out, Home is the Landing, with no member data; a members’ page still redirects', async () => {
    const { html, boot } = await page(t.client(), '/');
    expect(boot.viewer?.account).toBeNull();
    expect(boot.home).toBeUndefined();
    expect(boot.screens).toEqual(['src/web/landing/landing-screen.tsx']);
    expect(shown(html)).not.toContain('points-balance');
    const exchange = await t.client().get<string>('/create-exchange');
    expect(exchange.status).toBe(302);
    expect(exchange.headers.location).toBe('/');
  });

  it('another page of a signed-in member carries no recent activity', async () => {
    const m = await memberWithActivity('Cleo Park', 'Cleo-Street', 10);
    const { html, boot } = await page(m.client, '/help/account');
    expect(boot.home).toBeUndefined();
    expect(html).not.toContain('Cleo-Street');
  });
});

describe('web host: with points expiry on, Home is rendered with its next expiry', () => {
  it('the line is in the HTML and the boot data holds what GET /api/points-expiry answers', async () => {
    const e = await createTestApp({ webDist: join(dir, 'web'), config: { pointsExpiry: { months: 12 } } });
    try {
      const m = await e.signedInMember({ name: 'Eve Expiry' });
      const adjustment = await e.partner('POST', '/adjustments', {
        adjustmentId: `expiry-${m.loyaltyId}`,
        loyaltyId: m.loyaltyId,
        points: 250,
        reason: 'Goodwill',
      });
      expect(adjustment.status).toBe(201);
      const res = await m.client.get<string>('/');
      const boot = JSON.parse(
        /<script type="application\/json" id="boot">([\s\S]*?)<\/script>/.exec(res.body)?.[1] ?? '',
      ) as Boot;
      const expiry = await m.client.get<{ next: { points: number } | null }>('/api/points-expiry');
      expect(expiry.body.next?.points).toBe(250);
      expect(boot.home?.nextExpiry).toEqual(expiry.body.next);
      expect(res.body).toMatch(/data-testid="next-expiry">250 points expire on \d/);
    } finally {
      await e.close();
    }
  });
});
