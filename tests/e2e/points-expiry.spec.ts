import { seriousViolations, settle } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { orderId } from './points-helpers.ts';

test.use({ loyaltyConfig: { pointsExpiry: { months: 12 } } });

const day = 86_400_000;

/** A purchase whose points confirmed `confirmedDaysAgo` days ago (after the 28-day returns window). */
function purchase(loyaltyId: string, points: number, confirmedDaysAgo: number) {
  const purchasedAt = new Date(Date.now() - (confirmedDaysAgo + 28) * day);
  purchasedAt.setUTCHours(12, 0, 0, 0);
  return {
    orderId: orderId(),
    loyaltyId,
    channel: 'in-store',
    storeDisplayName: 'Oxford Street',
    value: points * 10,
    currency: 'GBP',
    points,
    purchasedAt: purchasedAt.toISOString(),
  };
}

/** Days ago that points confirmed which expire, 12 months on, in `days` days. */
function expiringIn(days: number) {
  const confirmed = new Date(Date.now() + days * day);
  confirmed.setUTCMonth(confirmed.getUTCMonth() - 12);
  return Math.round((Date.now() - confirmed.getTime()) / day);
}

/**
 * With points expiry on, Home names the next day points expire, and the history
 * shows the points that expired in the member's words; on a phone and a desktop, with axe clean.
 */
for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
]) {
  test.describe(`points expiry at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('Home: "300 points expire on …"; history: "Points expired", what they were', async ({
      page,
      server,
      createMember,
      signIn,
    }, info) => {
      const member = await createMember({ name: 'Ines Vidal' });
      for (const body of [
        purchase(member.loyaltyId, 250, 400),
        purchase(member.loyaltyId, 300, expiringIn(20)),
      ])
        expect((await server.partner('POST', '/purchases', body)).status).toBe(201);
      // The operator runs the job now rather than waiting for the server's next run.
      const run = await server.partner<{ expiredPoints: number }>('POST', '/points-expiry/run', {});
      expect(run.status).toBe(200);
      expect(run.body.expiredPoints).toBeGreaterThanOrEqual(250);

      await signIn(page, member);
      await page.goto('/');
      await expect(page.getByTestId('points-balance')).toContainText('300');
      const next = page.getByTestId('next-expiry');
      await expect(next).toHaveText(/^300 points expire on \d{1,2}(st|nd|rd|th) [A-Z][a-z]+( \d{4})?$/);
      const date = (await next.textContent())?.replace('300 points expire on ', '') ?? '';
      await settle(page);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: info.outputPath(`home-${viewport.width}.png`), fullPage: true });

      await page.getByRole('link', { name: 'See your purchase history' }).click();
      await expect(page).toHaveURL(/\/help\/history$/);
      const rows = page.getByRole('region', { name: 'Purchase history' }).getByRole('listitem');
      const expired = rows.filter({ hasText: 'Points expired' });
      await expect(expired).toHaveCount(1);
      await expect(expired).toContainText('Points not used within 12 months of being added');
      await expect(expired).toContainText('−250 pts');
      // The purchase that expires next says the same date as Home.
      await expect(rows.filter({ hasText: '+300 pts' })).toContainText(`Points expire on ${date}`);
      await settle(page);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: info.outputPath(`history-${viewport.width}.png`), fullPage: true });
    });
  });
}
