import type { ConsoleMessage, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

// Every switch on that adds a screen, so the set below covers them; and the members' service worker,
// which the other journeys block (playwright.config.ts), so its registration is seen to be clean too.
test.use({
  serviceWorkers: 'allow',
  loyaltyConfig: {
    enablePointsExchange: true,
    selfSignupEnabled: true,
    guidedSignupEnabled: true,
    alternativeLandingEnabled: true,
  },
});

/** The browser console's errors and warnings and the page's uncaught errors, as text. */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' || message.type() === 'warning') {
      problems.push(`${message.type()} on ${page.url()}: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => problems.push(`uncaught on ${page.url()}: ${error.message}`));
  return problems;
}

/** Opens a path as a first page load (server render, then hydration) and lets its screen load. */
async function visit(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('main, [role="main"], h1').first()).toBeVisible();
}

test.describe('the console stays clean: no React error, no warning', () => {
  test('signed out: first-paint, lazy and redirected screens', async ({ page, server }) => {
    const problems = watchConsole(page);
    for (const path of [
      '/',
      '/signin',
      '/signin?method=password',
      '/reset-password',
      '/signup',
      '/help',
      '/help/terms',
      '/help/faq',
      '/help/privacy-policy',
      '/landing-page',
      '/store/signup',
      '/verify-email',
      '/complete-signup',
      '/set-new-password',
      '/create-exchange',
      '/no-such-page',
    ]) {
      await visit(page, path);
    }
    expect(problems).toEqual([]);
    expect(server.output()).not.toMatch(/Navigate|Warning|Error/);
  });

  test('signed in: the members screens and the guards that send members away', async ({
    page,
    server,
    createMember,
    signIn,
  }) => {
    const problems = watchConsole(page);
    const member = await createMember();
    await signIn(page, member);
    for (const path of [
      '/',
      '/create-exchange',
      '/help',
      '/help/account',
      '/help/account-details',
      '/help/security',
      '/help/passkeys',
      '/help/privacy',
      '/signup',
      '/reset-password',
      '/no-such-page',
    ]) {
      await visit(page, path);
    }
    expect(problems).toEqual([]);
    expect(server.output()).not.toMatch(/Navigate|Warning|Error/);
  });
});
