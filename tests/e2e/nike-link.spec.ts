import type { Page } from '@playwright/test';
import { seriousViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';

// The sportswear link against a real certified OpenID provider (oidc-provider, started by the server
// as its development default): the member goes through the provider's own sign-in and consent screens.

/** The provider's sign-in screen: any login is an account there (it becomes the subject id). */
async function signInAtProvider(page: Page, login: string) {
  await expect(page.getByRole('button', { name: 'Sign-in' })).toBeVisible();
  expect(new URL(page.url()).hostname).toBe('127.0.0.1');
  await page.getByPlaceholder('Enter any login').fill(login);
  await page.getByPlaceholder('and password').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
}

/** From My details to the provider, through its screens, and back linked. */
async function linkThroughProvider(page: Page, login: string) {
  await page.goto('/help/account');
  await expect(page.getByTestId('nike-link-status')).toHaveText('Not linked');
  await page.getByRole('link', { name: 'Connect your Nike account' }).click();
  await signInAtProvider(page, login);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByText('Your Nike account is now linked to your membership.')).toBeVisible();
}

test('link with Nike: through the provider’s sign-in and consent screens, back on / with the completion message (SPEC §4 Nike link)', async ({
  page,
  createMember,
  signIn,
}) => {
  const member = await createMember();
  await signIn(page, member);
  await linkThroughProvider(page, `athlete-${member.loyaltyId}`);
  await page.goto('/help/account');
  await expect(page.getByTestId('nike-link-status')).toHaveText('Linked');
});

test('link with Nike: the member cancels at the provider’s consent screen and sees why, with a Connect link (SPEC §4, §8)', async ({
  page,
  createMember,
  signIn,
}) => {
  await signIn(page, await createMember());
  await page.goto('/link-with-nike');
  await signInAtProvider(page, 'athlete-who-declines');
  await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
  await page.getByRole('link', { name: '[ Cancel ]' }).click();
  await page.waitForURL((url) => url.pathname === '/complete-link-with-nike');
  expect(new URL(page.url()).searchParams.get('error')).toBe('access_denied');
  await expect(page.getByText('You chose not to link your Nike account.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Connect', exact: true })).toHaveAttribute(
    'href',
    '/link-with-nike',
  );
  await page.goto('/help/account');
  await expect(page.getByTestId('nike-link-status')).toHaveText('Not linked');
});

test('unlink Nike from My details: asked to confirm, then not linked, and Connect is offered again', async ({
  page,
  createMember,
  signIn,
}, testInfo) => {
  const member = await createMember({ name: 'Kim Runner' });
  await signIn(page, member);
  await linkThroughProvider(page, `athlete-${member.loyaltyId}`);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/help/account');
    await expect(page.getByTestId('nike-link-status')).toHaveText('Linked');
    await page.getByRole('button', { name: 'Unlink' }).click();
    const dialog = page.getByRole('dialog', { name: 'Unlink your Nike account?' });
    await expect(dialog).toBeVisible();
    // Focus starts on the safe choice.
    await expect(dialog.getByRole('button', { name: 'Keep it linked' })).toBeFocused();
    expect(await seriousViolations(page)).toEqual([]);
    const path = testInfo.outputPath(`unlink-dialog-${width}.png`);
    await page.screenshot({ path });
    await testInfo.attach(`unlink-dialog-${width}`, { path, contentType: 'image/png' });
    if (width === 375) {
      // Keeping it changes nothing.
      await dialog.getByRole('button', { name: 'Keep it linked' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId('nike-link-status')).toHaveText('Linked');
      continue;
    }
    await dialog.getByRole('button', { name: 'Unlink Nike account' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Your Nike account is no longer linked to your membership.')).toBeVisible();
    await expect(page.getByTestId('nike-link-status')).toHaveText('Not linked');
    await expect(page.getByRole('link', { name: 'Connect your Nike account' })).toBeVisible();
    const after = testInfo.outputPath(`unlinked-${width}.png`);
    await page.screenshot({ path: after });
    await testInfo.attach(`unlinked-${width}`, { path: after, contentType: 'image/png' });
  }
  await page.reload();
  await expect(page.getByTestId('nike-link-status')).toHaveText('Not linked');
});

test('link with Nike: the callback without code or error shows the sign-in problem and a Connect link (SPEC §8)', async ({
  page,
  createMember,
  signIn,
}) => {
  await signIn(page, await createMember());
  await page.goto('/complete-link-with-nike');
  await expect(page.getByText('Sorry, could not complete login, please try again.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Connect' })).toHaveAttribute('href', '/link-with-nike');
});

test('link with Nike: signed out, the callback asks to sign in first (SPEC §8)', async ({ page }) => {
  await page.goto('/complete-link-with-nike?code=abc&state=def');
  await expect(page.getByText('To access your account details, you first need to sign in')).toBeVisible();
});
