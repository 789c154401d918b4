import { expect, test } from './fixtures.ts';

test.use({
  loyaltyConfig: {
    selfProfileUpdateEnabled: true,
    enableTelephoneNumber: false,
    allowedCurrencies: ['GBP', 'EUR'],
  },
});

test.describe('edit details with self profile update on, no telephone numbers, several currencies (SPEC §5)', () => {
  test('edit details: blank fields are flagged and focus the email; then name, currency and consent are saved', async ({
    page,
    createMember,
    signIn,
  }) => {
    const member = await createMember({ name: 'Robin Hale' });
    await signIn(page, member);
    await page.goto('/help/account-details');
    await expect(page.getByLabel('Name')).toBeEnabled();
    await page.getByLabel('Name').fill('');
    await page.getByLabel('Email address').fill('');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Email address')).toBeFocused();

    await page.getByLabel('Name').fill('Robin Vale');
    await page.getByLabel('Email address').fill(member.email);
    await page.getByLabel('Currency').selectOption('EUR');
    await expect(page.getByRole('checkbox', { name: 'WhatsApp' })).toHaveCount(0);
    await page.getByLabel('Would you like to hear from us by email?').selectOption('yes');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/help/account');
    const details = page.getByRole('region', { name: 'Your details' });
    await expect(details).toContainText('Robin Vale');
    await expect(details).toContainText('Euro (€)');
    await expect(page.getByRole('region', { name: 'Marketing' })).toContainText('Yes, please');
  });
});
