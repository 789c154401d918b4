import type { Page } from '@playwright/test';
import { seriousViolations, settle } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { holdRequests } from './hold-requests.ts';

// Home is painted by the server before its JavaScript runs (src/web/start.js). A member at a till
// taps the barcode as soon as the card shows: a tap made before the page has hydrated is honoured
// once it has, instead of doing nothing. Exchange and card PIN on: every Home button is there.
test.use({ loyaltyConfig: { enablePointsExchange: true, enableCardPIN: true } });

const hydrated = (page: Page) => page.evaluate(() => document.documentElement.hasAttribute('data-hydrated'));

/**
 * Opens Home with the app's first-load chunk held back: the page is painted and readable, nothing
 * of the app runs yet. `release` lets the app start.
 */
async function paintedHome(page: Page) {
  // window.print is counted instead of opening the browser's dialog.
  await page.addInitScript(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
  const firstLoad = await holdRequests(page, '**/assets/first-load-*.js');
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  await expect(page.getByRole('button', { name: 'Tap to show barcode' })).toBeVisible();
  expect(await hydrated(page)).toBe(false);
  return firstLoad;
}

test.describe('Home honours taps made before it has hydrated', () => {
  for (const width of [375, 1280]) {
    test(`at ${width} px: the barcode tapped (twice) at first paint opens the barcode view`, async ({
      page,
      createMember,
      signIn,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      const member = await createMember();
      await signIn(page, member);
      const firstLoad = await paintedHome(page);
      const barcode = page.getByRole('button', { name: 'Open the barcode to scan' });
      // A second tap because the first seemed to do nothing: still one opening, not open-then-close.
      await barcode.click();
      await barcode.click();
      expect(await hydrated(page)).toBe(false);
      await expect(page.getByRole('dialog')).toHaveCount(0);

      firstLoad.release();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('img', { name: `Card number ${member.loyaltyId}` })).toBeVisible();
      await settle(page);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: test.info().outputPath(`early-barcode-${width}.png`) });
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect(dialog).toHaveCount(0);
    });

    test(`at ${width} px: View PIN and "Tap to show barcode", tapped before hydration, each act once`, async ({
      page,
      createMember,
      signIn,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      await signIn(page, await createMember());
      const firstLoad = await paintedHome(page);
      await page.getByRole('button', { name: 'View PIN' }).click();
      await page.getByRole('button', { name: 'Tap to show barcode' }).click();
      expect(await hydrated(page)).toBe(false);

      firstLoad.release();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Hide PIN' })).toHaveAttribute('aria-expanded', 'true');
      await expect(page.locator('#card-pin')).toBeVisible();
      await settle(page);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: test.info().outputPath(`early-pin-${width}.png`) });
      // Once hydrated, the buttons are the app's own: a tap acts at once.
      await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
      await page.getByRole('button', { name: 'Hide PIN' }).click();
      await expect(page.locator('#card-pin')).toHaveCount(0);
    });
  }

  test('at 1280 px: Print card tapped before hydration prints once', async ({
    page,
    createMember,
    signIn,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, await createMember());
    const firstLoad = await paintedHome(page);
    await page.getByRole('button', { name: 'Print card' }).click();
    expect(await hydrated(page)).toBe(false);
    const printed = () => page.evaluate(() => (window as unknown as { printed: number }).printed);
    expect(await printed()).toBe(0);
    firstLoad.release();
    await expect.poll(printed).toBe(1);
    await settle(page);
    expect(await printed()).toBe(1);
    await page.getByRole('button', { name: 'Print card' }).click();
    await expect.poll(printed).toBe(2);
  });

  test('at 1280 px: Sign Out tapped before hydration signs the member out', async ({
    page,
    createMember,
    signIn,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const member = await createMember();
    await signIn(page, member);
    const firstLoad = await paintedHome(page);
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('button', { name: 'Sign Out' })
      .click();
    firstLoad.release();
    await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByRole('heading', { name: `Hello, ${member.name.split(' ')[0]}` })).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  });

  test('at 375 px: the menu tapped before hydration opens, and its Sign Out signs out', async ({
    page,
    createMember,
    signIn,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    const member = await createMember();
    await signIn(page, member);
    const firstLoad = await paintedHome(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    firstLoad.release();
    const drawer = page.getByRole('dialog', { name: 'Main navigation' });
    await expect(drawer).toBeVisible();
    await drawer.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  });
});
