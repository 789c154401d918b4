import { expect, test } from './fixtures.ts';

test.use({ loyaltyConfig: { locale: 'da-DK' } });

test.describe('locale da-DK (SPEC §1)', () => {
  test('Danish words, Danish dates and <html lang>', async ({ page, createMember, signIn }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'da-DK');
    await expect(page.getByRole('link', { name: 'Log ind' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Vilkår og betingelser' })).toBeVisible();
    await signIn(page, await createMember());
    await page.goto('/help/account');
    await expect(page.getByRole('heading', { name: 'Mine oplysninger', level: 1 })).toBeVisible();
    const month = new Intl.DateTimeFormat('da-DK', { month: 'long', year: 'numeric' }).format(new Date());
    await expect(page.getByText(`Medlem siden ${month}`)).toBeVisible();
    await expect(page.getByText('Bekræftet')).toBeVisible();
    // The public pages come from the Danish Markdown files.
    await page.goto('/help/faq');
    await expect(page.getByRole('heading', { name: 'Hvornår får jeg mine point?' })).toBeVisible();
  });
});
