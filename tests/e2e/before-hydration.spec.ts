import { expect, test } from './fixtures.ts';
import { holdRequests } from './hold-requests.ts';

// The app's JavaScript starts after the first paint (src/web/start.js): a member can type into the
// server-rendered Sign in before the page works. What they typed is kept, and the form is not sent
// by the browser itself meanwhile (it would put the password in the address).
test.describe('Sign in before the page has hydrated', () => {
  test('what was typed is kept, the button waits for the page, then signs in', async ({
    page,
    createMember,
  }) => {
    const member = await createMember({ name: 'Quick Typist' });
    // The app's chunks are held back until the member has typed.
    const firstLoad = await holdRequests(page, '**/assets/first-load-*.js');
    const addresses: string[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest()) addresses.push(request.url());
    });
    await page.goto('/signin?method=password', { waitUntil: 'domcontentloaded' });
    await page.getByLabel('Email address').fill(member.email);
    await page.getByLabel('Password').fill(member.password);
    const submit = page.getByRole('button', { name: 'Sign in', exact: true });
    await expect(submit).toBeDisabled();
    await page.getByLabel('Password').press('Enter');
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-hydrated'))).toBe(false);

    firstLoad.release();
    await expect(submit).toBeEnabled();
    await expect(page.getByLabel('Email address')).toHaveValue(member.email);
    await submit.click();
    await expect(page.getByRole('heading', { name: 'Hello, Quick' })).toBeVisible();
    // Only the page itself was loaded: no submission by the browser, no password in an address.
    expect(addresses.filter((url) => url.includes('password='))).toEqual([]);
    expect(addresses).toHaveLength(1);
  });
});
