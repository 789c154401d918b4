import { expect, test } from './fixtures.ts';

test.use({
  loyaltyConfig: {
    title: 'Atelier Club',
    sentry: { dsn: 'https://publickey@sentry.example.com/42', environment: 'e2e' },
  },
});

test.describe('error reporting and the chunk-load error (SPEC §7, §8)', () => {
  test('a screen whose script is missing shows the chunk-load screen with Reload, and is reported with the brand', async ({
    page,
    createMember,
    signIn,
  }) => {
    const envelopes: string[] = [];
    await page.route('https://sentry.example.com/**', async (route) => {
      envelopes.push(route.request().postData() ?? '');
      await route.fulfill({ status: 200, contentType: 'application/json', body: '{}' });
    });
    // The FAQ screen's chunk is gone (e.g. a deployment replaced it while the page was open).
    await page.route('**/assets/faq-screen-*.js', (route) =>
      route.fulfill({ status: 404, body: 'Not Found' }),
    );
    const sdkLoaded = page.waitForResponse((response) => response.url().includes('/assets/esm-'));

    await signIn(page, await createMember());
    await page.goto('/help/account');
    await sdkLoaded;
    await page.getByRole('link', { name: 'Help and FAQ' }).first().click();

    await expect(page.getByRole('heading', { name: 'This page did not load' })).toBeVisible();
    await expect(
      page.getByText('A newer version of the site is available. Reload to continue.'),
    ).toBeVisible();
    await expect(page).toHaveTitle('This page did not load');
    await expect.poll(() => envelopes.join('\n')).toContain('ChunkLoadError');
    expect(envelopes.join('\n')).toContain('"brand":"Atelier Club"');

    // Going elsewhere in the app works again.
    await page.getByRole('link', { name: 'My Details' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'My details' })).toBeVisible();
    await page.getByRole('link', { name: 'Help and FAQ' }).first().click();
    await expect(page.getByRole('heading', { name: 'This page did not load' })).toBeVisible();

    // Reload fetches the page again; with the chunk back, the FAQ shows.
    await page.unroute('**/assets/faq-screen-*.js');
    await page.getByRole('button', { name: 'Reload' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'FAQ' })).toBeVisible();
  });
});
