import { expect, test } from './fixtures.ts';

// A server with passkey logins and magic links switched off (SPEC §1 switches).
test.use({ loyaltyConfig: { enableWebAuthnLogins: false, enableMagicLinkLogins: false } });

test('passkeys and magic links off: /signin is the password form without a passkey button; /help/passkeys is not there', async ({
  page,
  createMember,
  signIn,
}) => {
  await page.goto('/signin');
  await expect(page.getByLabel('Password')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Use a passkey' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Sign in with your password instead' })).toHaveCount(0);
  await signIn(page, await createMember());
  await page.goto('/help/passkeys');
  await expect(page.getByRole('heading', { name: 'Not Found' })).toBeVisible();
});

test('passkeys and magic links off: a visitor opening an old sign-in link is asked to sign in again', async ({
  page,
}) => {
  await page.goto('/magic-login?token=anything');
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Request a new link' })).toBeVisible();
});
