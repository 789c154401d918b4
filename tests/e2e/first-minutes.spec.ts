import { axeClean, firstMinutesJourneys, shoot } from './first-minutes-journeys.ts';
import { expect, test } from './fixtures.ts';
import { addAuthenticator } from './staff-helpers.ts';

firstMinutesJourneys('en-GB');

test.describe('joining with a passkey', () => {
  test('after creating the passkey, Home confirms it', async ({ page, server }, info) => {
    await addAuthenticator(page);
    const email = `keys-${Date.now()}@example.com`;
    const res = await server.partner<{ invite: { acceptUrl: string } }>('POST', '/invites', {
      email,
      name: 'Maya Chen',
    });
    expect(res.status).toBe(201);
    await page.goto(res.body.invite.acceptUrl);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Would you like to hear from us by email?').selectOption('yes');
    await page.getByRole('button', { name: 'Join now' }).click();
    await expect(page.getByText('Step 3 of 4')).toBeVisible();
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.getByRole('button', { name: 'Create Passkey' }).click();
    await expect(page.getByRole('heading', { name: 'Hello, Maya' })).toBeVisible();
    await expect(
      page.getByText(
        'Your passkey is ready. Next time, sign in with your fingerprint, face or screen lock: no password needed.',
      ),
    ).toBeVisible();
    await axeClean(page);
    await shoot(page, info, 'home-after-passkey');
  });
});

test.describe('copy', () => {
  test('the sign-in link request and the data download read plainly', async ({
    page,
    createMember,
    signIn,
  }) => {
    await page.goto('/signin');
    await page.getByLabel('Email address').fill('someone@example.com');
    await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await expect(
      page.getByText(
        "If someone@example.com belongs to a member, we've emailed a sign-in link there. The link works once, for a few minutes.",
      ),
    ).toBeVisible();
    await signIn(page, await createMember());
    await page.goto('/help/privacy');
    await expect(page.getByText(/in JSON, a format other services can read/)).toBeVisible();
    await expect(page.getByText('A file (JSON)')).toHaveCount(0);
  });
});
