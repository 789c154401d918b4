import type { Page, Route } from '@playwright/test';
import { seriousViolations, settle } from './axe.ts';
import { expect, type Member, test } from './fixtures.ts';

// SPEC §8's words where a call fails: sign in's default failure for every failure without its own
// message, the wrong-password rule (password cleared, the fields flagged) and change password's failure.

/** Ways a call can fail without a message of its own: no answer, a server fault, a proxy's 502 page. */
const failures: [string, (route: Route) => Promise<void>][] = [
  ['no answer (network failure)', (route) => route.abort('internetdisconnected')],
  [
    'a 500',
    (route) =>
      route.fulfill({
        status: 500,
        json: { success: false, error: 'ServerError', message: 'Internal error' },
      }),
  ],
  [
    'a 502 from a proxy',
    (route) => route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad gateway</h1>' }),
  ],
];

async function passwordSignIn(page: Page, email: string, password: string) {
  await page.goto('/signin?method=password');
  await page.getByRole('textbox', { name: /Email/ }).fill(email);
  await page.locator('input[type="password"]').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

async function expectAxeClean(page: Page) {
  await settle(page);
  expect(await seriousViolations(page)).toEqual([]);
}

test.describe('SPEC §8 failure words (en-GB)', () => {
  for (const width of [375, 1280]) {
    test(`at ${width} px: sign in shows the default failure for each failure without its own message`, async ({
      page,
      createMember,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      const member = await createMember();
      for (const [, fail] of failures) {
        await page.route('**/api/login', fail);
        await passwordSignIn(page, member.email, member.password);
        await expect(page.getByRole('alert')).toHaveText(
          'Sorry, could not complete login, please try again.',
        );
        await page.unroute('**/api/login');
      }
      await expectAxeClean(page);
      await page.screenshot({ path: test.info().outputPath(`signin-failed-${width}.png`) });
    });

    test(`at ${width} px: a wrong password or an unknown email: password cleared, both fields flagged`, async ({
      page,
      createMember,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      const member: Member = await createMember();
      for (const [email, password] of [
        [member.email, 'not-the-password'],
        [`nobody-${Date.now()}@example.com`, member.password],
      ] as const) {
        await passwordSignIn(page, email, password);
        await expect(page.getByRole('alert')).toHaveText(
          'The username and password entered did not match any account details we hold.',
        );
        await expect(page.getByLabel('Password')).toHaveValue('');
        await expect(page.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');
        await expect(page.getByLabel('Email address')).toHaveAttribute('aria-invalid', 'true');
        await expect(page.getByLabel('Email address')).toHaveValue(email);
        // The §8 message is the only one: the cleared field adds no "Enter your password".
        await expect(page.getByText('Enter your password')).toHaveCount(0);
      }
      await expectAxeClean(page);
      await page.screenshot({ path: test.info().outputPath(`signin-wrong-password-${width}.png`) });
      // Fixed, the flags go with the next attempt.
      await page.getByLabel('Email address').fill(member.email);
      await page.getByLabel('Password').fill(member.password);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect(page).toHaveURL(/\/$/);
    });

    test(`at ${width} px: change password shows §8's failure for no answer and for a server fault`, async ({
      page,
      createMember,
      signIn,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      await signIn(page, await createMember());
      await page.goto('/help/security');
      const field = page.getByLabel('New password');
      await expect(field).toBeVisible();
      for (const [, fail] of failures) {
        await page.route('**/api/change-password', fail);
        await field.fill('a-much-longer-secret');
        await page.locator('form').getByRole('button', { name: 'Change password' }).click();
        await expect(page.getByRole('alert')).toHaveText(
          'Sorry, could not set new password, please try again.',
        );
        await page.unroute('**/api/change-password');
      }
      await expectAxeClean(page);
      await page.screenshot({ path: test.info().outputPath(`change-password-failed-${width}.png`) });
    });
  }
});
