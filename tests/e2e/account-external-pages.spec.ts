import { expect, test } from './fixtures.ts';

test.use({
  loyaltyConfig: {
    externalTermsUrl: 'https://terms.example.com/terms',
    externalFaqUrl: 'https://help.example.com/faq',
    privacyPolicyUrl: 'https://privacy.example.com/policy',
    customerType: 'roi',
  },
});

test.describe('public pages with external URLs (SPEC §2)', () => {
  test('links go to the configured URLs; the pages are not served; privacy policy path sends the browser away', async ({
    page,
    createMember,
    signIn,
  }) => {
    await page.route('https://*.example.com/**', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: '<title>Elsewhere</title><h1>Elsewhere</h1>',
      }),
    );
    await page.goto('/');
    const footer = page.locator('footer');
    await expect(footer.getByRole('link', { name: 'Terms and Conditions' })).toHaveAttribute(
      'href',
      'https://terms.example.com/terms',
    );
    const privacy = footer.getByRole('link', { name: /Privacy Policy/ });
    await expect(privacy).toHaveAttribute('href', 'https://privacy.example.com/policy');
    await expect(privacy).toHaveAttribute('target', '_blank');

    await page.goto('/help/privacy-policy');
    await expect(page).toHaveURL('https://privacy.example.com/policy');

    expect((await page.request.get('/api/pages/terms')).status()).toBe(404);
    expect((await page.request.get('/api/pages/faq')).status()).toBe(404);

    // SPEC §2: /help/terms-roi exists for this customer type and shows nothing.
    await page.goto('/help/terms-roi');
    await expect(page.locator('main')).toBeEmpty();

    await signIn(page, await createMember());
    await page.goto('/help/terms');
    await expect(page.getByRole('heading', { name: 'Not Found' })).toBeVisible();
    await page.goto('/help/account');
    await expect(page.getByRole('link', { name: 'Help and FAQ' }).first()).toHaveAttribute(
      'href',
      'https://help.example.com/faq',
    );
  });
});
