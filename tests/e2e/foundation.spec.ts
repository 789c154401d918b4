import { expect, test } from './fixtures.ts';

test.describe('foundation journeys (SPEC §2, §4, §8)', () => {
  test('landing → wrong password (message, password cleared) → sign in → home → sign out', async ({
    page,
    createMember,
  }) => {
    const member = await createMember({ name: 'Robin Hale' });
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Members Club' })).toBeVisible();
    await page.getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/signin$/);
    await expect(page).toHaveTitle('Sign in - Members Club');
    // Magic links are on in the described configuration; members with a password may still use it.
    await page.getByRole('link', { name: 'Sign in with your password instead' }).click();
    // The password form has replaced the link form (both have an email field) once its Password shows.
    await expect(page.getByLabel('Password')).toBeVisible();

    await page.getByLabel('Email address').fill(member.email.toUpperCase());
    await expect(page.getByLabel('Email address')).toHaveValue(member.email);
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'The username and password entered did not match any account details we hold.',
    );
    await expect(page.getByLabel('Password')).toHaveValue('');
    await expect(page.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');
    // SPEC §8: the fields are flagged (the server cannot say which is wrong), and the message is the only one.
    await expect(page.getByLabel('Email address')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Enter your password')).toHaveCount(0);

    await page.getByLabel('Password').fill(member.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Hello, Robin' })).toBeVisible();

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  });

  test('sign in: blank fields are flagged and the email is focused (§5)', async ({ page }) => {
    await page.goto('/signin?method=password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Enter your email address')).toBeVisible();
    await expect(page.getByText('Enter your password')).toBeVisible();
    await expect(page.getByLabel('Email address')).toBeFocused();
  });

  test('mobile: the toggle opens the drawer with the four links, Escape closes it', async ({
    page,
    createMember,
    signIn,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    const member = await createMember();
    await signIn(page, member);
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Main navigation' });
    await expect(drawer.getByRole('link', { name: 'My Points' })).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'My Details' })).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Help and FAQ' })).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
  });

  test('unknown path: not-found screen when signed in, redirect to / when not (§2)', async ({
    page,
    createMember,
    signIn,
  }) => {
    await page.goto('/no-such-page');
    await expect(page).toHaveURL(/\/$/);
    await signIn(page, await createMember());
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: 'Not Found' })).toBeVisible();
    await expect(page.getByText('There is no page at this URL.')).toBeVisible();
    await expect(page).toHaveTitle('Not Found');
  });

  test('/404 and /405 answer their own HTTP status and screens (§2)', async ({ page }) => {
    const notFound = await page.goto('/404');
    expect(notFound?.status()).toBe(404);
    await expect(page.getByText('There is no page at this URL.')).toBeVisible();
    const notAllowed = await page.goto('/405');
    expect(notAllowed?.status()).toBe(405);
    await expect(page.getByText('Your browser made an unsupported HTTP request.')).toBeVisible();
  });

  test('help routes ask a signed-out visitor to sign in (§2, §6)', async ({ page }) => {
    await page.goto('/help');
    await expect(page.getByText('To access your account details, you first need to sign in')).toBeVisible();
    await page.getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/signin\?next=%2Fhelp$/);
  });
});

test.describe('without JavaScript (§1)', () => {
  test.use({ javaScriptEnabled: false });
  test('shows the enable-JavaScript message, and the server-rendered landing', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('.noscript')).toHaveText(
      'You need to enable JavaScript for this site to work.',
    );
    await expect(page.getByRole('heading', { name: 'Members Club' })).toBeVisible();
  });
});

test('shell paths with a build suffix go to / when signed in (§2)', async ({
  page,
  createMember,
  signIn,
}) => {
  await signIn(page, await createMember({ name: 'Shell Member' }));
  await page.goto('/shell-home-4f2a9c');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Hello, Shell' })).toBeVisible();
  await page.goto('/shell-generic/4f2a9c');
  await expect(page).toHaveURL(/\/$/);
});

test.describe('a member without JavaScript yet (DESIGN first paint)', () => {
  test.use({ javaScriptEnabled: false });
  test('the page already carries their navigation and viewer, so first paint needs no call', async ({
    page,
    createMember,
    signIn,
  }) => {
    const member = await createMember({ name: 'Early Paint' });
    await signIn(page, member);
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'My Details' }).first()).toBeVisible();
    const boot = JSON.parse((await page.locator('#boot').textContent()) ?? '{}');
    expect(boot.viewer).toMatchObject({ isAnonymous: false, account: { fullName: 'Early Paint' } });
  });
});
