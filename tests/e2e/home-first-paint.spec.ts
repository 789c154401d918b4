import type { Page } from '@playwright/test';
import { seriousViolations, settle } from './axe.ts';
import { expect, type Member, test } from './fixtures.ts';
import { holdRequests } from './hold-requests.ts';
import { history } from './points-helpers.ts';

// Exchange on: the barcode view is a button that only works once the page is hydrated.
// With the members' service worker, which registers once Home has loaded (console clean, see below).
test.use({ loyaltyConfig: { enablePointsExchange: true }, serviceWorkers: 'allow' });

const widths = [375, 1280];

/** Home as the member reads it: greeting, points, the card with its number, the recent activity. */
async function expectHomePainted(page: Page, member: Member) {
  await expect(page.getByRole('heading', { name: `Hello, ${member.name.split(' ')[0]}` })).toBeVisible();
  await expect(page.getByTestId('points-balance')).toHaveText('1,730 Points');
  await expect(page.getByTestId('pending-points')).toHaveText('420 pending');
  const card = page.getByRole('article', { name: 'Membership card' });
  await expect(card.getByRole('img', { name: `Card number ${member.loyaltyId}` })).toContainText(
    member.loyaltyId,
  );
  const activity = page.getByRole('region', { name: 'Recent activity' }).getByRole('listitem');
  await expect(activity).toHaveCount(2);
  await expect(activity.first()).toContainText('Online Store');
  await expect(activity.nth(1)).toContainText('Oxford Street');
}

test.describe('Home without JavaScript: the server painted it whole', () => {
  test.use({ javaScriptEnabled: false });
  for (const width of widths) {
    test(`at ${width} px: the card, points and recent activity are in the page`, async ({
      page,
      server,
      createMember,
      signIn,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      const member = await createMember({ name: 'Nadia Paint' });
      await history(server.partner, member);
      await signIn(page, member);
      await page.goto('/');
      await expectHomePainted(page, member);
      await page.screenshot({ path: test.info().outputPath(`home-no-js-${width}.png`), fullPage: true });
    });
  }
});

test.describe('Home is painted before its JavaScript runs, then hydrates in place', () => {
  for (const width of widths) {
    test(`at ${width} px: painted while its chunk is held back, working once it arrives, axe clean`, async ({
      page,
      server,
      createMember,
      signIn,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));
      const member = await createMember({ name: 'Hugo Hydrate' });
      await history(server.partner, member);
      await signIn(page, member);

      // The Home chunk is held back until the painted page has been read.
      const homeScreen = await holdRequests(page, '**/assets/home-screen-*.js');
      let calls = 0;
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/transactions') calls += 1;
      });
      await page.goto('/', { waitUntil: 'domcontentloaded' });
      await expectHomePainted(page, member);
      const barcodeButton = page.getByRole('button', { name: 'Tap to show barcode' });
      await expect(barcodeButton).toBeVisible();

      homeScreen.release();
      await settle(page);
      // Hydrated in place: the same Home, now working (the barcode view opens), without asking for
      // the activity the page came with.
      await expectHomePainted(page, member);
      await barcodeButton.click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      expect(calls).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
      await page.screenshot({ path: test.info().outputPath(`home-hydrated-${width}.png`), fullPage: true });

      // A later visit to Home (client-side navigations) asks for the activity again.
      await page.getByRole('link', { name: 'See your purchase history' }).click();
      await expect(page.getByRole('heading', { name: 'Purchase history' })).toBeVisible();
      await expect.poll(() => calls).toBe(1);
      await page.goBack();
      await expectHomePainted(page, member);
      await expect.poll(() => calls).toBe(2);
    });
  }
});
