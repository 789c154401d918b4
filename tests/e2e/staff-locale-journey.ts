import { request as apiRequest, type Page } from '@playwright/test';
import { staffAuditDaDK } from '../../src/web/i18n/staff-audit-da-DK.ts';
import { staffAuditEnGB } from '../../src/web/i18n/staff-audit-en-GB.ts';
import { staffDaDK } from '../../src/web/i18n/staff-da-DK.ts';
import { staffEnGB } from '../../src/web/i18n/staff-en-GB.ts';
import { expect, type TestServer, test } from './fixtures.ts';
import { addAuthenticator, axeClean, createStaff, shot } from './staff-helpers.ts';

/**
 * The staff console in each locale at a phone's 375 px and a desk's 1280 px: a direct load paints
 * the console's frame from the server (the script starts at that paint, not at start.js's fallback
 * three seconds after load); a member search keeps its results when the query goes into the address;
 * money in the currency's major unit and dates in the locale; the audit change read as before →
 * after; the navigation on one row; the tables a card per row on a phone.
 */

/** Each locale's scheme: its currency, its words, the burn rate's amount as typed there. */
export const staffLocales = {
  'da-DK': {
    locale: 'da-DK',
    currency: 'DKK',
    w: staffDaDK,
    a: staffAuditDaDK.audit,
    decimal: ',',
    english: 'Staff console',
  },
  'en-GB': {
    locale: 'en-GB',
    currency: 'GBP',
    w: staffEnGB,
    a: staffAuditEnGB.audit,
    decimal: '.',
    english: null,
  },
} as const;

/** Whitespace as Playwright compares it (Intl puts no-break spaces in money). */
const plain = (text: string) => text.replace(/\s+/g, ' ').trim();
const money = (locale: string, currency: string, major: number) =>
  plain(new Intl.NumberFormat(locale, { style: 'currency', currency }).format(major));
const iso = /\d{4}-\d{2}-\d{2}/;
/** `text` in a pattern, any space in it matching any white space (Intl's no-break ones). */
const escapePattern = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s');

/** Records when start.js added the app's module script (the app starting). */
async function recordStart(page: Page) {
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (document.querySelector('script[type="module"][src]')) {
        (window as unknown as { startedAt: number }).startedAt = performance.now();
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

/** The server's HTML holds the console's frame, and the app started at its first paint. */
async function paintedAtOnce(page: Page, server: TestServer, path: string, consoleTitle: string) {
  const html = await (await page.request.get(`${server.url}${path}`)).text();
  expect(/<div id="root">(.*?)<\/div>/s.exec(html)?.[1] ?? '').toContain(consoleTitle);
  const timing = await page.evaluate(() => {
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    return {
      startedAt: (window as unknown as { startedAt: number }).startedAt,
      loadEnd: navigation?.loadEventEnd ?? 0,
    };
  });
  // start.js's fallback starts the app three seconds after `load`; the first paint starts it sooner.
  expect(timing.startedAt).toBeLessThan(timing.loadEnd + 3000);
}

/** The journey at a phone's and a desk's width; the spec file sets the scheme's locale and currency. */
export function staffLocaleJourneys({
  locale,
  currency,
  w,
  a,
  decimal,
  english,
}: (typeof staffLocales)[keyof typeof staffLocales]) {
  test.describe(`staff console in ${locale}`, () => {
    for (const width of [375, 1280]) {
      test(`at ${width} px: paints at once, keeps its search, shows money, dates and changes for people`, async ({
        page,
        server,
      }) => {
        await page.setViewportSize({ width, height: 900 });
        const name = `${locale}-${width}`;
        // The demo member: a telephone number, a ledger; and a missing purchase of 75.50 they report.
        const demo = await server.partner<{ email: string; password: string; loyaltyId: string }>(
          'POST',
          '/demo',
        );
        expect(demo.status).toBeLessThan(300);
        const memberApi = await apiRequest.newContext({
          baseURL: server.url,
          extraHTTPHeaders: { origin: server.url },
        });
        const login = await memberApi.post('/api/login', {
          data: { username: demo.body.email, password: demo.body.password },
        });
        expect(login.status()).toBe(200);
        const orderId = `LOST-${name}-${Date.now()}`;
        const claimed = await memberApi.post('/api/purchase-claims', {
          data: {
            orderId,
            purchasedOn: new Date().toISOString().slice(0, 10),
            channel: 'ecommerce',
            amount: 7550,
          },
        });
        expect(claimed.status()).toBeLessThan(300);
        const claim = (await claimed.json()).claim as { currency: string };
        await memberApi.dispose();

        // The enrolment link a new agent opens first: the frame is painted by the server.
        const { path } = await createStaff(server, 'admin');
        await addAuthenticator(page);
        await recordStart(page);
        await page.goto(path);
        await paintedAtOnce(page, server, '/staff/enrol', w.consoleTitle);
        await page.getByRole('button', { name: w.enrol.button }).click();
        await expect(page.getByRole('heading', { name: w.search.title })).toBeVisible();

        // A direct load of /staff: the search's results stay when the query goes into the address.
        let meCalls = 0;
        page.on('request', (request) => {
          if (new URL(request.url()).pathname === '/staff-api/me') meCalls++;
        });
        await page.goto('/staff');
        await paintedAtOnce(page, server, '/staff', w.consoleTitle);
        await page.getByLabel(w.search.label).fill(demo.body.email);
        await page.getByRole('button', { name: w.search.button, exact: true }).click();
        await expect(page).toHaveURL(/\?q=/);
        await expect(page.getByRole('status')).toHaveText(w.search.results(1));
        await page.waitForLoadState('networkidle');
        await expect(page.getByRole('link', { name: 'Alex Morgan' })).toBeVisible();
        expect(meCalls).toBe(1);
        if (english) await expect(page.getByText(english)).toHaveCount(0);

        // The navigation: on a phone one row that scrolls sideways; at a desk a column beside the
        // page with every section in sight (an admin sees them all), nothing clipped or scrolled.
        const nav = page.getByRole('navigation', { name: w.navigation });
        const boxes = await nav
          .getByRole('listitem')
          .evaluateAll((items) => items.map((item) => item.getBoundingClientRect().toJSON() as DOMRect));
        expect(boxes.length).toBeGreaterThanOrEqual(10);
        if (width === 375) {
          expect(new Set(boxes.map((box) => Math.round(box.top))).size).toBe(1);
        } else {
          expect(new Set(boxes.map((box) => Math.round(box.left))).size).toBe(1);
          for (const box of boxes) expect(box.bottom).toBeLessThanOrEqual(900);
          const clipped = await nav.evaluate(
            (element) =>
              element.scrollWidth - element.clientWidth + element.scrollHeight - element.clientHeight,
          );
          expect(clipped).toBeLessThanOrEqual(0);
          await expect(nav.getByRole('list', { name: w.navGroups.scheme })).toBeVisible();
        }
        await axeClean(page);
        await shot(page, `search-${name}`);
        const searchEdge = (await page.getByRole('heading', { level: 1 }).boundingBox())?.x;

        // The member: telephone, pass balance as money, the join date in the locale, their report.
        await page.getByRole('link', { name: 'Alex Morgan' }).click();
        await expect(page.getByRole('heading', { name: 'Alex Morgan', level: 1 })).toBeVisible();
        const fact = (term: string) => page.locator(`dt:text-is("${term}") + dd`);
        await expect(fact(w.member.fields.phone)).toHaveText(
          locale === 'da-DK' ? '+45 20 12 34 56' : '+44 7700 900123',
        );
        await expect(fact(w.member.fields.cash)).toHaveText(/\d[.,]\d{2}/);
        expect(await fact(w.member.fields.cash).textContent()).not.toMatch(/minor|^\d+ [A-Z]{3}$/);
        await expect(fact(w.member.fields.joined)).not.toHaveText(iso);
        const reports = page.getByRole('region', { name: w.member.claims.title });
        await expect(reports).toContainText(orderId);
        await expect(reports).toContainText(money(locale, claim.currency, 75.5));
        await expect(page.locator('section[aria-labelledby="ledger-heading"]')).not.toContainText(iso);
        // Help to sign in: the notice is the console's words, in the locale.
        await page.getByRole('button', { name: w.member.sendSignInLink }).click();
        await expect(page.getByRole('status')).toContainText(
          w.notices['sign-in-link-sent']({ email: demo.body.email, points: '' }),
        );
        if (width === 375) {
          // The ledger is a card per line: nothing wider than the phone.
          const wide = await page.evaluate(() => document.documentElement.scrollWidth);
          expect(wide).toBeLessThanOrEqual(375);
          const line = page.locator('section[aria-labelledby="ledger-heading"]').locator('tbody tr').first();
          expect(await line.evaluate((row) => getComputedStyle(row).display)).toBe('grid');
        }
        await axeClean(page);
        await shot(page, `member-${name}`);

        // Claims: the amount in the major unit.
        await page.getByRole('link', { name: w.nav.claims }).click();
        await expect(page.getByRole('heading', { name: w.claims.title })).toBeVisible();
        await expect(page.getByText(orderId)).toBeVisible();
        await expect(page.locator('main')).toContainText(money(locale, claim.currency, 75.5));
        await expect(page.locator('main')).not.toContainText(`7550 ${claim.currency}`);
        await axeClean(page);
        await shot(page, `claims-${name}`);

        // The burn rate, typed in the major unit, on the others' left edge.
        await page.getByRole('link', { name: w.nav.settings }).click();
        await expect(page.getByRole('heading', { name: w.settings.title })).toBeVisible();
        expect((await page.getByRole('heading', { level: 1 }).boundingBox())?.x).toBe(searchEdge);
        await page.getByLabel(w.settings.points, { exact: true }).fill('100');
        // Each run its own amount, so the audit shows this change (0.50, then 0.75).
        const major = width === 375 ? 0.5 : 0.75;
        await page.getByLabel(w.settings.cash(currency)).fill(major.toFixed(2).replace('.', decimal));
        await page.getByRole('button', { name: w.settings.button }).click();
        await expect(page.getByRole('status')).toContainText(w.settings.saved);
        await expect(page.getByTestId('burn-rate-now')).toContainText(money(locale, currency, major));
        await axeClean(page);
        await shot(page, `burn-rate-${name}`);

        // The audit log: the change as before → after with money, the moment in the locale.
        await page.getByRole('link', { name: w.nav.audit }).click();
        await expect(page.getByRole('heading', { name: a.title })).toBeVisible();
        const burnRow = page.locator('tbody tr', { hasText: 'burn_rate.set' }).first();
        await expect(burnRow).toContainText(
          new RegExp(
            `${a.change.fields.cashValue}: \\S+.* → ${escapePattern(money(locale, currency, major))}`,
          ),
        );
        await expect(page.locator('main table')).not.toContainText('{"');
        await expect(page.locator('main table')).not.toContainText(iso);
        const download = page.getByRole('link', { name: a.download });
        expect(await download.evaluate((link) => getComputedStyle(link).borderRadius)).toBe('999px');
        if (width === 375) {
          const wide = await page.evaluate(() => document.documentElement.scrollWidth);
          expect(wide).toBeLessThanOrEqual(375);
        }
        await axeClean(page);
        await shot(page, `audit-${name}`);

        // Signed out, the sign-in page has the brand header.
        await page.getByRole('button', { name: w.signOut }).click();
        await expect(page.getByRole('heading', { name: w.signIn.title })).toBeVisible();
        await expect(page.getByRole('banner')).toContainText(w.consoleTitle);
        await axeClean(page);
        await shot(page, `signin-${name}`);
      });
    }
  });
}
