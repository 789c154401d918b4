import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/** Scrolls the window and waits until it is there. */
async function scrollTo(page: Page, y: number) {
  await page.evaluate((top) => window.scrollTo(0, top), y);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(y);
}

/** The window's scroll position once navigation has settled (a restored position comes late). */
async function settledScroll(page: Page): Promise<number> {
  await page.waitForTimeout(500);
  return page.evaluate(() => window.scrollY);
}

test.describe('scroll (SPEC §2: scroll resets to the top on every path change)', () => {
  test('a link, Back and Forward each open the page at the top', async ({ page, createMember, signIn }) => {
    await page.setViewportSize({ width: 1200, height: 500 });
    const member = await createMember();
    await signIn(page, member);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: `Hello, ${member.name.split(' ')[0]}` })).toBeVisible();
    // Every page long enough to scroll, whatever its content.
    await page.addStyleTag({ content: 'main { min-height: 5000px; }' });
    await scrollTo(page, 1500);

    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'My Details' })
      .click();
    await expect(page).toHaveURL(/\/help\/account$/);
    expect(await settledScroll(page)).toBe(0);
    await scrollTo(page, 1200);

    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    expect(await settledScroll(page)).toBe(0);

    await page.goForward();
    await expect(page).toHaveURL(/\/help\/account$/);
    expect(await settledScroll(page)).toBe(0);
    expect(await page.evaluate(() => window.history.scrollRestoration)).toBe('manual');
  });
});
