import type { Page } from '@playwright/test';
import { seriousViolations, settle } from './axe.ts';
import { expect, test } from './fixtures.ts';

// SPEC §8's default failures in Danish: sign in's and change password's, for a call with no answer.
test.use({ loyaltyConfig: { locale: 'da-DK' } });

async function expectAxeClean(page: Page) {
  await settle(page);
  expect(await seriousViolations(page)).toEqual([]);
}

test.describe('SPEC §8 failure words (da-DK)', () => {
  test('sign in and change password show the Danish default failures', async ({
    page,
    createMember,
    signIn,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    const member = await createMember();
    await page.route('**/api/login', (route) => route.abort('internetdisconnected'));
    await page.goto('/signin?method=password');
    await page.getByRole('textbox', { name: /E-mail/ }).fill(member.email);
    await page.locator('input[type="password"]').fill(member.password);
    await page.getByRole('button', { name: 'Log ind', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('Beklager, vi kunne ikke logge dig ind. Prøv igen.');
    await page.unroute('**/api/login');
    await expectAxeClean(page);

    await signIn(page, member);
    await page.goto('/help/security');
    await page.route('**/api/change-password', (route) => route.abort('internetdisconnected'));
    await page.getByLabel('Ny adgangskode').fill('a-much-longer-secret');
    await page.locator('form').getByRole('button', { name: 'Skift adgangskode' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Beklager, vi kunne ikke gemme den nye adgangskode. Prøv igen.',
    );
    await expectAxeClean(page);
  });
});
