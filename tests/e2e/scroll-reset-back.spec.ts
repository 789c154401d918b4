import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/**
 * Scrolls the window and waits until it is there. Once the page's lazy sections (the personal
 * shopper, upcoming appointments) have come: one arriving above the scrolled-to point moves it
 * (the browser's scroll anchoring), which is not the reset this checks.
 */
async function scrollTo(page: Page, y: number) {
  await page.waitForLoadState('networkidle');
  await page.evaluate((top) => window.scrollTo(0, top), y);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(y);
}

/** The window's scroll position once navigation has settled (a restored position comes late). */
async function settledScroll(page: Page): Promise<number> {
  await page.waitForTimeout(400);
  return page.evaluate(() => window.scrollY);
}

// SPEC §2 "Scroll resets to the top on every path change", Back and Forward included, every time:
// at 375×300 a help page is long, and Back to it once kept the position it was left at.
test.describe('scroll on Back and Forward between help pages (SPEC §2)', () => {
  for (const width of [375, 1280]) {
    test(`at ${width} px: My Details → Privacy → Back → Forward, each at the top`, async ({
      page,
      createMember,
      signIn,
    }) => {
      await page.setViewportSize({ width, height: 300 });
      await signIn(page, await createMember());
      await page.goto('/help/account');
      const privacy = page.getByRole('link', { name: 'See your consent history and your data' });
      await expect(privacy).toBeVisible();
      await page.waitForLoadState('networkidle');
      await scrollTo(page, await page.evaluate(() => document.documentElement.scrollHeight - innerHeight));
      const left = await page.evaluate(() => window.scrollY);
      expect(left).toBeGreaterThan(300);

      await privacy.click();
      await expect(page).toHaveURL(/\/help\/privacy$/);
      expect(await settledScroll(page)).toBe(0);

      await page.goBack();
      await expect(page).toHaveURL(/\/help\/account$/);
      expect(await settledScroll(page)).toBe(0);

      await scrollTo(page, left);
      await page.goForward();
      await expect(page).toHaveURL(/\/help\/privacy$/);
      expect(await settledScroll(page)).toBe(0);
    });

    test(`at ${width} px: Back pressed while the next page is still loading opens the page at the top`, async ({
      page,
      createMember,
      signIn,
    }) => {
      await page.setViewportSize({ width, height: 300 });
      await signIn(page, await createMember());
      await page.goto('/help/account');
      const privacy = page.getByRole('link', { name: 'See your consent history and your data' });
      await expect(privacy).toBeVisible();
      await page.waitForLoadState('networkidle');
      await scrollTo(page, await page.evaluate(() => document.documentElement.scrollHeight - innerHeight));
      // Back as soon as the address has changed, before the next screen has been shown.
      await privacy.click();
      await expect(page).toHaveURL(/\/help\/privacy$/);
      await page.goBack();
      await expect(page).toHaveURL(/\/help\/account$/);
      expect(await settledScroll(page)).toBe(0);
    });
  }
});
