import { expect, test } from './fixtures.ts';
import { holdRequests } from './hold-requests.ts';

/** SPEC §2 Help area and Sign in's `next`: a signed-out help URL keeps its address through sign-in. */
test.describe('signed-out help pages come back after sign-in', () => {
  test('a signed-out visit to /help/security lands back there after signing in with a password', async ({
    page,
    createMember,
  }) => {
    const member = await createMember();
    await page.goto('/help/security');
    await expect(page.getByText('To access your account details, you first need to sign in')).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/signin\?next=%2Fhelp%2Fsecurity$/);
    await page.getByRole('link', { name: 'Sign in with your password instead' }).click();
    await expect(page).toHaveURL(/\/signin\?method=password&next=%2Fhelp%2Fsecurity$/);
    // The password form has replaced the link form (both have an email field) once its Password shows.
    await expect(page.getByLabel('Password')).toBeVisible();
    await page.getByLabel('Email address').fill(member.email);
    await page.getByLabel('Password').fill(member.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/help\/security$/);
    await expect(page.getByRole('heading', { name: 'Sign-in and security' })).toBeVisible();
  });

  test('a signed-out visit to /help/privacy lands back there through the emailed sign-in link', async ({
    page,
    createMember,
    server,
  }) => {
    const member = await createMember();
    await page.goto('/help/privacy');
    await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/signin\?next=%2Fhelp%2Fprivacy$/);
    await page.getByLabel('Email address').fill(member.email);
    await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    const mail = await server.mail.waitFor(member.email, /Sign in/);
    const link = String(mail.links.find((l) => l.includes('/magic-login?token=')));
    expect(new URL(link).searchParams.get('next')).toBe('/help/privacy');
    await page.goto(link);
    await expect(page).toHaveURL(/\/help\/privacy$/);
    await expect(page.getByRole('heading', { name: 'Delete account' })).toBeVisible();
  });

  test('a next naming another site is ignored: sign-in lands on /', async ({ page, createMember }) => {
    const member = await createMember({ name: 'Ana Reed' });
    await page.goto(`/signin?method=password&next=${encodeURIComponent('//evil.example/help')}`);
    await page.getByLabel('Email address').fill(member.email);
    await page.getByLabel('Password').fill(member.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Hello, Ana' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test('signing out from a help page clears it at once, never shows its signed-out prompt, then the landing with its own Sign in', async ({
    page,
    createMember,
    signIn,
  }) => {
    const member = await createMember({ name: 'Lena Moss' });
    await signIn(page, member);
    await page.goto('/help/security');
    await expect(page.getByRole('heading', { name: 'Sign-in and security' })).toBeVisible();
    // The landing's script is held, as on a slow connection, so the moment between the two screens lasts.
    const landing = await holdRequests(page, '**/assets/landing-screen-*.js');
    await page.getByRole('button', { name: 'Sign Out' }).first().click();
    await landing.requested;
    // SPEC §4: the account left the screen at once, while the landing is on its way; the page left
    // must not turn into its own signed-out prompt, whose Sign in link would lead back to it.
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Sign-in and security' })).toHaveCount(0);
    await expect(page.getByText('To access your account details, you first need to sign in')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Sign Out' })).toHaveCount(0);
    await expect(page.getByText(member.email)).toHaveCount(0);
    landing.release();
    await expect(page.getByRole('heading', { name: 'Members Club' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin');
  });
});
