import type { Page } from '@playwright/test';
import { loyaltyNumberFor } from '../../src/server/members/loyalty-number.ts';
import { staffDaDK } from '../../src/web/i18n/staff-da-DK.ts';
import { staffEnGB } from '../../src/web/i18n/staff-en-GB.ts';
import { staffScanDaDK } from '../../src/web/i18n/staff-scan-da-DK.ts';
import { staffScanEnGB } from '../../src/web/i18n/staff-scan-en-GB.ts';
import { expect, type TestServer, test } from './fixtures.ts';
import { addAuthenticator, axeClean, createStaff, scannerBurst } from './staff-helpers.ts';

/**
 * Scan a card at a phone's 375 px and a desk's or tablet's 1280 px, in the scheme's locale: the
 * demo member's card typed and looked up within a second, the visit recorded with one tap; a USB
 * scanner's burst of keys (focus anywhere on the page) for a card nobody has, refused clearly; the
 * demo card's barcode read by Chromium's fake camera from a fixture drawn by the app's own encoder
 * (scan-fixture/make-card-video.ts). Support see no points; managers do.
 */

const fakeCamera = new URL('./scan-fixture/card-barcode.mjpeg', import.meta.url).pathname;

/** Chromium with a fake camera that films the fixture card, and the camera allowed. */
export const cameraBrowser = {
  launchOptions: {
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${fakeCamera}`,
    ],
  },
  permissions: ['camera'],
};

export const scanLocales = {
  'en-GB': { w: staffScanEnGB, s: staffEnGB, store: 'Regent Street' },
  'da-DK': { w: staffScanDaDK, s: staffDaDK, store: 'Strøget' },
} as const;

/** A staff member of `role` enrolled in the page's browser, on the console's first screen. */
export async function enrol(
  page: Page,
  server: TestServer,
  role: 'support' | 'manager',
  s: typeof staffEnGB,
) {
  const { path } = await createStaff(server, role);
  await addAuthenticator(page);
  await page.goto(path);
  await page.getByRole('button', { name: s.enrol.button }).click();
  await expect(page.getByRole('heading', { name: s.search.title })).toBeVisible();
}

export async function shot(page: Page, name: string) {
  await page.screenshot({ path: `test-results/scan-${name}.png`, fullPage: true });
}

export function scanJourneys(locale: keyof typeof scanLocales) {
  const { w, s, store } = scanLocales[locale];
  for (const [width, role] of [
    [375, 'support'],
    [1280, 'manager'],
  ] as const) {
    test(`${locale} at ${width} px as ${role}: typed, USB scanner and camera`, async ({ page, server }) => {
      // Enrolment, four axe passes and the camera's decoder on two shared cores.
      test.setTimeout(150_000);
      await page.setViewportSize({ width, height: 900 });
      const demo = await server.partner<{ loyaltyId: string }>('POST', '/demo');
      expect(demo.status).toBeLessThan(300);
      // The fixture's barcode encodes the first member of a fresh server: the demo member.
      expect(demo.body.loyaltyId).toBe(loyaltyNumberFor(100_000_001));
      await enrol(page, server, role, s);

      await page
        .getByRole('navigation', { name: s.navigation })
        .getByRole('link', { name: s.nav.scan })
        .click();
      await expect(page.getByRole('heading', { name: w.title, level: 1 })).toBeVisible();
      await expect(page.getByLabel(w.store)).toHaveValue(/.+/);
      await expect(page.getByLabel(w.store).locator('option:checked')).toHaveText(store);

      // Typed: the number and Enter. The member is on screen within a second.
      const field = page.getByLabel(w.code);
      await expect(field).toBeFocused();
      await field.fill(demo.body.loyaltyId);
      const answered = page.waitForResponse(
        (response) => new URL(response.url()).pathname === '/staff-api/scan',
      );
      await field.press('Enter');
      const name = page.getByRole('heading', { name: 'Alex Morgan' });
      await expect(name).toBeVisible();
      // The look-up's round trip, from the request's start to its answer's end (not the test's polling).
      expect((await answered).request().timing().responseEnd).toBeLessThan(1000);
      const card = page.getByRole('region', { name: 'Alex Morgan' });
      await expect(card.getByText('20%')).toBeVisible();
      await expect(card.getByRole('heading', { name: w.member.visits })).toBeVisible();
      await expect(card.getByText(store).first()).toBeVisible();
      if (role === 'support') {
        await expect(card.getByText(w.member.points, { exact: true })).toHaveCount(0);
        await expect(card.getByRole('heading', { name: w.member.purchases })).toHaveCount(0);
      } else {
        await expect(card.getByText(w.member.points, { exact: true })).toBeVisible();
        await expect(card.getByRole('heading', { name: w.member.purchases })).toBeVisible();
      }
      await axeClean(page);
      await shot(page, `${locale}-${width}-member`);

      // One tap records the visit; the button cannot record it twice.
      await page.getByRole('button', { name: w.record }).click();
      await expect(page.getByRole('status').filter({ hasText: store })).toBeVisible();
      await expect(page.getByRole('button', { name: w.visitRecorded })).toBeDisabled();
      await axeClean(page);
      await shot(page, `${locale}-${width}-recorded`);

      // A USB scanner: a fast burst of keys and Enter, with the focus away from the field.
      await page.getByRole('heading', { name: w.title, level: 1 }).click();
      await scannerBurst(page, '6399999999990');
      await expect(page.getByRole('alert')).toHaveText(w.notFound);
      await expect(name).toHaveCount(0);
      await axeClean(page);
      await shot(page, `${locale}-${width}-not-found`);

      // The camera: the fake camera films the demo member's card.
      await page.getByRole('button', { name: w.camera.start }).click();
      await expect(page.getByLabel(w.camera.label)).toBeVisible();
      await expect(name).toBeVisible({ timeout: 20_000 });
      await expect(page.getByText(w.camera.aim)).toBeVisible();
      await axeClean(page);
      await shot(page, `${locale}-${width}-camera`);
      await page.getByRole('button', { name: w.camera.stop }).click();
      await expect(page.getByLabel(w.camera.label)).toHaveCount(0);
    });
  }
}
