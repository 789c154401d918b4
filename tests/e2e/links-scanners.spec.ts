import { seriousViolations, settle } from './axe.ts';
import { expect, test } from './fixtures.ts';

/**
 * Corporate mail gateways open every emailed link in a browser that runs scripts. The
 * link opens at once only in the browser that asked for it; anywhere else the page shows one button
 * and nothing is spent until it is pressed.
 */
test.use({ loyaltyConfig: { selfSignupEnabled: true } });

test.describe('emailed links survive mail scanners', () => {
  test('a scanner loads the sign-in link and runs its scripts: the link survives, and the member then signs in at once', async ({
    page,
    browser,
    createMember,
    server,
  }) => {
    const member = await createMember({ name: 'Sal Scanner' });
    await page.goto('/signin');
    await page.getByLabel('Email address').fill(member.email);
    await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    const mail = await server.mail.waitFor(member.email, /Sign in/);
    const link = String(mail.links.find((l) => l.includes('/magic-login?token=')));

    // The gateway: a browser without the member's cookies, that loads the page, runs its scripts
    // and clicks nothing.
    const scanner = await browser.newContext();
    const scanned = await scanner.newPage();
    await scanned.goto(link);
    await scanned.waitForLoadState('networkidle');
    await expect(scanned.getByRole('button', { name: 'Continue signing in' })).toBeVisible();
    await expect(scanned.getByRole('heading', { name: /^Hello/ })).toHaveCount(0);
    await scanner.close();

    // The member's own browser: signed in at once, no button.
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Hello, Sal' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test('opened in another browser, the link shows one button, and the click signs in; the link is then used', async ({
    page,
    browser,
    createMember,
    server,
  }) => {
    const member = await createMember({ name: 'Ona Other' });
    await page.goto(`/signin?email=${encodeURIComponent(member.email)}`);
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    const mail = await server.mail.waitFor(member.email, /Sign in/);
    const link = String(mail.links.find((l) => l.includes('/magic-login?token=')));

    const phone = await browser.newContext();
    const other = await phone.newPage();
    await other.goto(link);
    await expect(
      other.getByText(
        'This link was opened in a different browser from the one where you asked for it. To go on, press the button.',
      ),
    ).toBeVisible();
    await settle(other);
    expect(await seriousViolations(other)).toEqual([]);
    await other.getByRole('button', { name: 'Continue signing in' }).click();
    await expect(other.getByRole('heading', { name: 'Hello, Ona' })).toBeVisible();
    await phone.close();

    await page.goto(link);
    await expect(page.getByRole('alert')).toHaveText(
      'For your security, each sign-in link works once and only for a few minutes. Request a new one below.',
    );
  });

  test('the verification link: a scanner leaves it usable; opened on another device it verifies with the click', async ({
    page,
    browser,
    server,
  }) => {
    const email = `scanned-${Date.now()}@example.com`;
    await page.goto('/signup');
    await page.getByLabel('Full name').fill('Vic Verify');
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Would you like to hear from us by email?').selectOption('no');
    await page.getByLabel('I confirm that I am over 17').check();
    await page.getByLabel('I agree to the scheme terms and conditions and the privacy policy').check();
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(
      page.getByText(
        'Thank you for joining. We have sent you an email: open the link in it to verify your email address and sign in.',
      ),
    ).toBeVisible();
    const mail = await server.mail.waitFor(email, /verify your email/i);
    const link = String(mail.links.find((l) => l.includes('/verify-email?')));

    const scanner = await browser.newContext();
    const scanned = await scanner.newPage();
    await scanned.goto(link);
    await scanned.waitForLoadState('networkidle');
    await expect(scanned.getByRole('button', { name: 'Continue verifying my email address' })).toBeVisible();
    await scanner.close();

    const phone = await browser.newContext();
    const other = await phone.newPage();
    await other.goto(link);
    await other.getByRole('button', { name: 'Continue verifying my email address' }).click();
    await expect(other).toHaveURL(/\/$/);
    await expect(other.getByRole('heading', { name: 'Hello, Vic' })).toBeVisible();
    const viewer = await other.request.get(`${server.url}/api-w/viewer`);
    expect(await viewer.json()).toMatchObject({ account: { email, emailIsVerified: true } });
    await phone.close();
  });
});
