import type { Page } from '@playwright/test';
import { seriousViolations, settle } from './axe.ts';
import { expect, test } from './fixtures.ts';

/** Every route of SPEC §2 in the described configuration (switch-dependent ones fall back as routed). */
const routes = [
  '/',
  '/signin',
  '/signin?method=password',
  '/reset-password',
  '/complete-signup',
  '/magic-login',
  '/404',
  '/405',
  '/help',
  '/help/account',
  '/help/account-details',
  '/help/security',
  '/help/passkeys',
  '/help/privacy',
  '/help/terms',
  '/help/privacy-policy',
  '/help/faq',
  '/help/unknown',
  '/verify-email',
  '/add-to-google-wallet',
  '/set-new-password',
  '/start-signup',
  '/link-with-nike',
  '/complete-link-with-nike',
  '/create-exchange',
  '/landing-page',
  '/signup',
  '/store/signup',
  '/no-such-page',
];

test('axe: the check itself reports a serious violation when there is one', async ({ page }) => {
  await page.goto('/');
  await settle(page);
  await page.evaluate(() =>
    document.querySelector('main')?.insertAdjacentHTML('beforeend', '<img src="/favicon.svg">'),
  );
  expect((await seriousViolations(page)).join('\n')).toContain('image-alt');
});

test.describe('accessibility: signed out (axe, no serious or critical violations)', () => {
  for (const route of routes) {
    test(`axe signed out: ${route}`, async ({ page }) => {
      await page.goto(route);
      await settle(page);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});

/**
 * Opens a screen that, signed in, hands the browser to a provider at once (`provider` names its
 * URLs). Its pages are not ours, so the provider answers 204 (a navigation to No Content stays on the
 * page), and the screen can be checked as it was left once the hand-over has happened.
 */
async function openHandingOver(page: Page, route: string, provider: (url: URL) => boolean) {
  let handedOver = false;
  await page.route(provider, async (request) => {
    handedOver = true;
    await request.fulfill({ status: 204 });
  });
  await page.goto(route);
  await expect.poll(() => handedOver).toBe(true);
}

test.describe('accessibility: signed in (axe, no serious or critical violations)', () => {
  for (const route of routes) {
    test(`axe signed in: ${route}`, async ({ page, createMember, signIn }) => {
      await signIn(page, await createMember({ name: 'Alex Access' }));
      if (route === '/link-with-nike') {
        // The sportswear provider is the local OpenID provider on 127.0.0.1.
        await openHandingOver(page, route, (url) => url.hostname === '127.0.0.1');
        await expect(page.getByText('Taking you to Nike to sign in…')).toBeVisible();
        expect(await seriousViolations(page)).toEqual([]);
        return;
      }
      if (route === '/add-to-google-wallet') {
        // Without this, axe raced the navigation to an error page on a slow machine (no internet here).
        await openHandingOver(page, route, (url) => url.hostname === 'pay.google.com');
        await settle(page);
        expect(await seriousViolations(page)).toEqual([]);
        return;
      }
      await page.goto(route);
      await settle(page);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});

test.describe('accessibility: the drawer (SPEC §2 shared layout)', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('drawer: opens with focus inside, keeps Tab inside, closes on Escape and returns focus; passes axe open', async ({
    page,
    createMember,
    signIn,
  }) => {
    await signIn(page, await createMember({ name: 'Alex Access' }));
    await page.goto('/help/account');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await toggle.click();
    const drawer = page.getByRole('dialog', { name: 'Main navigation' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Close menu' })).toBeFocused();
    await page.waitForTimeout(400);
    expect(await seriousViolations(page)).toEqual([]);

    // Tab and Shift+Tab never leave the drawer.
    for (let i = 0; i < 8; i += 1) {
      await page.keyboard.press('Tab');
      expect(await drawer.evaluate((node) => node.contains(document.activeElement))).toBe(true);
    }
    for (let i = 0; i < 8; i += 1) {
      await page.keyboard.press('Shift+Tab');
      expect(await drawer.evaluate((node) => node.contains(document.activeElement))).toBe(true);
    }

    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(toggle).toBeFocused();
  });
});

test.describe('accessibility: forms showing their errors', () => {
  test('axe: edit details and delete account with their messages shown', async ({
    page,
    createMember,
    signIn,
  }) => {
    await signIn(page, await createMember());
    await page.goto('/help/account-details');
    // A number not of the UK: its message shows too, and WhatsApp is offered beside email.
    await page.getByLabel('Telephone number').fill('12345');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Enter a UK telephone number, like 07700 900123.')).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Email' })).toHaveAttribute('aria-invalid', 'true');
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto('/help/privacy');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await expect(page.getByText('Enter your email address').last()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
