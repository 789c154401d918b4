import { seriousViolations, settle } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { orderId } from './points-helpers.ts';

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

/**
 * The purchase history on its own page (order numbers, a return tied to its purchase) and
 * "A purchase is missing?" — a report matched at once, one waiting for staff, one refused with its
 * reason — on a phone and a desktop, with axe clean.
 */
for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
]) {
  test.describe(`purchase history and missing purchases at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('history: a return reads as part of its purchase; a missing purchase is found at once, another waits, a refused one says why', async ({
      page,
      server,
      createMember,
      signIn,
    }, info) => {
      // A till sent a purchase for Rosa's email before she joined: kept, for her to claim.
      const email = `rosa-${Date.now()}-${viewport.width}@example.com`;
      const lost = orderId();
      const lostDay = daysAgo(40);
      expect(
        (
          await server.partner('POST', '/purchases', {
            orderId: lost,
            email,
            channel: 'in-store',
            storeDisplayName: 'Regent Street',
            value: 4_999,
            currency: 'GBP',
            points: 500,
            purchasedAt: lostDay,
          })
        ).status,
      ).toBe(202);
      const member = await createMember({ name: 'Rosa Lind', email });
      const bought = orderId();
      expect(
        (
          await server.partner('POST', '/purchases', {
            orderId: bought,
            loyaltyId: member.loyaltyId,
            channel: 'in-store',
            storeDisplayName: 'Oxford Street',
            value: 12_000,
            currency: 'GBP',
            points: 1_200,
            purchasedAt: daysAgo(50),
          })
        ).status,
      ).toBe(201);
      expect(
        (
          await server.partner('POST', '/returns', {
            returnId: `${bought}-R`,
            orderId: bought,
            points: 400,
            value: 4_000,
          })
        ).status,
      ).toBe(201);

      await signIn(page, member);
      await page.goto('/');
      await page.getByRole('link', { name: 'See your purchase history' }).click();
      await expect(page).toHaveURL(/\/help\/history$/);
      await expect(page).toHaveTitle('Purchase history - Members Club');
      const history = page.getByRole('region', { name: 'Purchase history' });
      const [returnRow, purchaseRow] = [
        history.getByRole('listitem').nth(0),
        history.getByRole('listitem').nth(1),
      ];
      await expect(returnRow).toContainText('Return');
      await expect(returnRow).toContainText(`Order ${bought}`);
      await expect(returnRow).toContainText('From your purchase of');
      await expect(returnRow).toContainText('£40.00 refunded');
      await expect(purchaseRow).toContainText('400 pts returned · £40.00 refunded');
      await expect(purchaseRow).toContainText('Net +800 pts');
      await settle(page);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: info.outputPath(`history-${viewport.width}.png`), fullPage: true });

      // Report the lost purchase with the receipt's details: added at once.
      await page.getByRole('link', { name: 'Report a missing purchase' }).click();
      await expect(page.getByRole('heading', { name: 'Report a missing purchase' })).toBeVisible();
      await page.getByRole('button', { name: 'Report missing purchase' }).click();
      await expect(page.getByText('Enter the order number', { exact: true })).toBeVisible();
      await expect(page.getByLabel('Order number')).toBeFocused();
      await settle(page);
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByLabel('Order number').fill(lost);
      await page.getByLabel('Date of purchase').fill(lostDay.slice(0, 10));
      // The store is chosen from the stores the scheme has seen (matching needs the same store).
      const store = page.getByRole('combobox', { name: 'Store' });
      const options = await store.locator('option').allTextContents();
      expect(options[0]).toBe('Choose the store');
      expect(options.at(-1)).toBe('Another store');
      expect(options).toEqual(expect.arrayContaining(['Oxford Street', 'Regent Street']));
      // Not the browser's blue: the chosen channel's radio is drawn in the brand's ink.
      const radio = page.getByRole('radio', { name: 'In store' });
      await expect(radio).toBeChecked();
      expect(await radio.evaluate((el) => getComputedStyle(el).appearance)).toBe('none');
      await store.selectOption('Regent Street');
      await page.getByLabel('Amount paid').fill('49.99');
      await page.screenshot({ path: info.outputPath(`report-${viewport.width}.png`), fullPage: true });
      await page.getByRole('button', { name: 'Report missing purchase' }).click();
      await expect(
        page.getByText('We found your purchase: 500 points are now in your history.'),
      ).toBeVisible();

      // One we never saw: it waits for staff.
      await page.goto('/help/history/missing');
      await page.getByLabel('Order number').fill('W-NEVER-SEEN');
      await page.getByLabel('Date of purchase').fill(daysAgo(3).slice(0, 10));
      await page.getByRole('radio', { name: 'Online' }).check();
      await expect(page.getByRole('combobox', { name: 'Store' })).toHaveCount(0);
      await page.getByLabel('Amount paid').fill('15');
      await page.getByRole('button', { name: 'Report missing purchase' }).click();
      await expect(page.getByText("Thank you. We couldn't match it straight away")).toBeVisible();
      // Reporting it twice is refused with words of its own.
      await page.goto('/help/history/missing');
      await page.getByLabel('Order number').fill('W-NEVER-SEEN');
      await page.getByLabel('Date of purchase').fill(daysAgo(3).slice(0, 10));
      await page.getByRole('radio', { name: 'Online' }).check();
      await page.getByLabel('Amount paid').fill('15');
      await page.getByRole('button', { name: 'Report missing purchase' }).click();
      await expect(page.getByRole('alert')).toHaveText(
        "You've already told us about this order. You can follow it in your purchase history.",
      );

      // Staff refuse the waiting one with a reason.
      const queue = await server.partner<{ claims: { id: string; orderId: string }[] }>('GET', '/claims');
      const waiting = queue.body.claims.find((c) => c.orderId === 'W-NEVER-SEEN');
      expect(
        (
          await server.partner('POST', `/claims/${waiting?.id}/refuse`, {
            reason: 'This order was not placed with us.',
          })
        ).status,
      ).toBe(200);

      await page.getByRole('link', { name: 'Back to your purchase history' }).click();
      const reports = page.getByRole('region', { name: 'Missing a purchase?' });
      await expect(reports.getByRole('listitem')).toHaveCount(2);
      await expect(reports.getByRole('listitem').nth(0)).toContainText('Not added');
      await expect(reports.getByRole('listitem').nth(0)).toContainText(
        'Reason: This order was not placed with us.',
      );
      await expect(reports.getByRole('listitem').nth(1)).toContainText('Added · 500 pts');
      // The claimed purchase is in the history at its own date (40 days ago, after the return of today).
      await expect(history.locator('li', { hasText: `Order ${lost}` })).toContainText('+500 pts');
      await settle(page);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: info.outputPath(`reports-${viewport.width}.png`), fullPage: true });
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(viewport.width);
    });
  });
}
