import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures.ts';
import { history } from './points-helpers.ts';

test.use({ loyaltyConfig: { enablePointsExchange: true, enableCardPIN: true } });

test.describe('points exchange on (SPEC §2 Exchange screen, §4, §5)', () => {
  test('a member exchanges points and sees the new balance on the card', async ({
    page,
    server,
    createMember,
    signIn,
  }) => {
    const member = await createMember({ name: 'Sam Okafor' });
    await history(server.partner, member);
    await server.partner('POST', `/members/${member.loyaltyId}`, { vipLevel: '15%' });
    await signIn(page, member);
    await page.goto('/');
    const card = page.getByRole('article', { name: 'Membership card' });
    await expect(card.getByText('Discount: 15%')).toBeVisible();
    await expect(card.getByText('£0.00')).toBeVisible();
    await expect(card.getByText('ready to spend')).toHaveCount(0);

    await page.getByRole('link', { name: 'Use your points' }).click();
    await expect(page).toHaveURL(/\/create-exchange$/);
    await expect(page).toHaveTitle('Create exchange - Members Club');
    await expect(page.getByTestId('exchange-balance')).toHaveText('1,730');
    await expect(page.getByTestId('exchange-max-value')).toHaveText('£15.00');

    // Nothing chosen: the field is flagged and nothing is sent (§5).
    await page.getByRole('button', { name: 'Add points to pass' }).click();
    await expect(page.getByText('Choose how many points to add')).toBeVisible();
    await expect(page.getByLabel('Points to add')).toHaveAttribute('aria-invalid', 'true');

    const select = page.getByLabel('Points to add');
    await expect(select.locator('option')).toHaveText(['Choose points', '500', '1,000', '1,500']);
    await select.selectOption('1500');
    await expect(page.getByLabel('Cash value')).toHaveValue('£15.00');
    await page.getByRole('button', { name: 'Add points to pass' }).click();

    await expect(page).toHaveURL(/\/$/);
    await expect(
      page.getByRole('status').getByText('Your points have been added to your pass.'),
    ).toBeVisible();
    await expect(page.getByTestId('points-balance')).toHaveText('230 Points');
    await expect(card.getByText('£15.00')).toBeVisible();
    await expect(card.getByText('ready to spend', { exact: true })).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Recent activity' }).getByRole('listitem').first(),
    ).toContainText('Points added to your pass');

    // Tapping the card's barcode opens the barcode view when exchange is on.
    await card.getByRole('button', { name: 'Open the barcode to scan' }).click();
    await expect(page.getByRole('dialog', { name: 'Your membership barcode' })).toBeVisible();
    await page.getByRole('button', { name: 'Close' }).click();

    // So does "Tap to show barcode": the barcode large, for the till (height 150).
    await page.getByRole('button', { name: 'Tap to show barcode' }).click();
    const dialog = page.getByRole('dialog', { name: 'Your membership barcode' });
    await expect(dialog.getByRole('img', { name: `Card number ${member.loyaltyId}` })).toHaveAttribute(
      'data-barcode-height',
      '150',
    );
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    // The PIN button is there when card PIN is on.
    await page.getByRole('button', { name: 'View PIN' }).click();
    await expect(page.getByText('No PIN has been set for your card.')).toBeVisible();
  });

  test('under review: the exchange screen explains, with the §8 message, and cannot submit', async ({
    page,
    server,
    createMember,
    signIn,
  }) => {
    const member = await createMember();
    await history(server.partner, member);
    await server.partner('POST', `/members/${member.loyaltyId}`, { underReview: true });
    await signIn(page, member);
    await page.goto('/create-exchange');
    await expect(
      page.getByText("We're reviewing your account so you can't add points to your pass at this time."),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add points to pass' })).toBeDisabled();
  });

  test('with no points the use-your-points action is disabled', async ({ page, createMember, signIn }) => {
    const member = await createMember();
    await signIn(page, member);
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Use your points' })).toBeDisabled();
  });

  test('overview and exchange screen have no axe violations (WCAG 2 AA)', async ({
    page,
    server,
    createMember,
    signIn,
  }) => {
    const member = await createMember();
    await history(server.partner, member);
    await signIn(page, member);
    for (const path of ['/', '/create-exchange', '/help/account']) {
      await page.goto(path);
      await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
      // The word, not a part of one ("downloading your data" is on My details).
      await expect(page.getByText(/\bLoading\b/)).toHaveCount(0);
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
      expect(
        results.violations.map((v) => `${path}: ${v.id} ${v.nodes.map((n) => n.target).join(' ')}`),
      ).toEqual([]);
    }
  });

  test('the card prints at 378 px with its buttons hidden', async ({
    page,
    server,
    createMember,
    signIn,
  }) => {
    const member = await createMember();
    await history(server.partner, member);
    await signIn(page, member);
    await page.goto('/');
    const card = page.getByRole('article', { name: 'Membership card' });
    await expect(card).toBeVisible();
    await page.emulateMedia({ media: 'print' });
    expect((await card.boundingBox())?.width).toBe(378);
    await expect(card.getByRole('button', { name: 'Print card' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Tap to show barcode' })).toBeHidden();
    await expect(card.getByRole('img', { name: `Card number ${member.loyaltyId}` })).toBeVisible();
  });
});
