import { expect, test } from './fixtures.ts';
import { history, orderId } from './points-helpers.ts';

test.describe('points overview, exchange off (the described configuration, SPEC §2)', () => {
  test('a member with history sees points, pending points, a barcode, activity and the brand graphic', async ({
    page,
    server,
    createMember,
    signIn,
  }) => {
    const member = await createMember({ name: 'Jo Ellis' });
    await history(server.partner, member);
    await signIn(page, member);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Hello, Jo' })).toBeVisible();
    await expect(page.getByTestId('points-balance')).toHaveText('1,730 Points');
    await expect(page.getByTestId('pending-points')).toHaveText('420 pending');

    const card = page.getByRole('article', { name: 'Membership card' });
    const barcode = card.getByRole('img', { name: `Card number ${member.loyaltyId}` });
    await expect(barcode).toBeVisible();
    await expect(barcode).toHaveAttribute('data-barcode-height', '80');
    await expect(barcode).toContainText(member.loyaltyId);
    await expect(card.getByTestId('brand-graphic')).toBeVisible();
    await expect(card.getByText('Pass balance')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Use your points' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'View PIN' })).toHaveCount(0);

    const activity = page.getByRole('region', { name: 'Recent activity' });
    await expect(activity.getByRole('listitem')).toHaveCount(2);
    await expect(activity.getByRole('listitem').first()).toContainText('Online Store');
    // The store's name already says it is online: the channel is not repeated after it.
    await expect(activity.getByRole('listitem').first()).not.toContainText('Online Store · Online');
    await expect(activity.getByRole('listitem').first()).toContainText('+420 pts');
    await expect(activity.getByRole('listitem').first()).toContainText('Pending until');
    await expect(activity.getByRole('listitem').nth(1)).toContainText('Oxford Street');
    await expect(activity.getByRole('listitem').nth(1)).toContainText('£173.00');

    // With exchange off the card already shows the barcode: no barcode view to open (§2).
    await expect(page.getByRole('button', { name: 'Tap to show barcode' })).toHaveCount(0);
    await expect(card.getByRole('button', { name: 'Open the barcode to scan' })).toHaveCount(0);
    await barcode.click();
    await expect(page.getByRole('dialog', { name: 'Your membership barcode' })).toHaveCount(0);

    // A purchase posted to the partner API shows up on refresh.
    await server.partner('POST', '/purchases', {
      orderId: orderId(),
      loyaltyId: member.loyaltyId,
      channel: 'in-store',
      storeDisplayName: 'Leeds Briggate',
      fasciaDisplayName: 'Outlet',
      value: 2_500,
      currency: 'GBP',
      points: 250,
    });
    await page.reload();
    await expect(page.getByTestId('pending-points')).toHaveText('670 pending');
    await expect(activity.getByRole('listitem').first()).toContainText('Leeds Briggate');

    // The full history on its own page, from its top (SPEC §2 Purchase history).
    await page.getByRole('link', { name: 'See your purchase history' }).click();
    await expect(page).toHaveURL(/\/help\/history$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Purchase history' })).toBeInViewport();
    const historySection = page.getByRole('region', { name: 'Purchase history' });
    await expect(historySection.getByRole('listitem')).toHaveCount(3);
    await expect(page.getByText(/^Member since [A-Z][a-z]+ \d{4}$/)).toBeVisible();
  });

  test('purchase history: an empty history says so (§8)', async ({ page, createMember, signIn }) => {
    const member = await createMember();
    await signIn(page, member);
    await page.goto('/help/history');
    await expect(
      page.getByText(
        'You have no purchases yet. Points from your purchases in store and online will show here.',
      ),
    ).toBeVisible();
  });

  test('/create-exchange is not offered when exchange is off', async ({ page, createMember, signIn }) => {
    const member = await createMember();
    await signIn(page, member);
    await page.goto('/create-exchange');
    await expect(page.getByRole('heading', { name: 'Add points to your pass' })).toHaveCount(0);
  });
});
