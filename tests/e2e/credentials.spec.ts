import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { holdRequests } from './hold-requests.ts';

/**
 * A virtual passkey authenticator in this page's Chromium (CDP WebAuthn domain): resident keys and
 * user verification, like a phone or laptop with a screen lock. enableUI stays false (true hangs headless).
 */
async function addAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  return {
    async credentialCount() {
      const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
      return credentials.length;
    },
  };
}

/** Makes the browser report no conditional UI, so only the passkey button can start a sign-in. */
async function withoutAutofill(page: Page) {
  await page.addInitScript(() => {
    if (window.PublicKeyCredential) {
      Object.defineProperty(window.PublicKeyCredential, 'isConditionalMediationAvailable', {
        value: async () => false,
      });
    }
  });
}

async function registerPasskeyFromHelp(page: Page) {
  await page.goto('/help/passkeys');
  await expect(page.getByRole('heading', { name: 'Passkeys' })).toBeVisible();
  await expect(page.getByText('No passkeys registered')).toBeVisible();
  await page.getByRole('button', { name: 'Create Passkey' }).click();
  await expect(page.getByText('Your passkey has been created.')).toBeVisible();
  await expect(page.getByText('Passkey 1')).toBeVisible();
  await expect(page.getByText('No passkeys registered')).toBeHidden();
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign Out' }).first().click();
  // The landing, once the server has ended the session (the page left stays as it was meanwhile).
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Members Club' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
}

test.describe('passkeys (SPEC §2 /help/passkeys, Sign in; §3 Passkey; §7)', () => {
  test('register a passkey from /help/passkeys, sign out, sign in with it (autofill), see it marked as the active session', async ({
    page,
    createMember,
    signIn,
  }) => {
    const member = await createMember({ name: 'Ava Lind' });
    const authenticator = await addAuthenticator(page);
    await signIn(page, member);
    await registerPasskeyFromHelp(page);
    expect(await authenticator.credentialCount()).toBe(1);
    await expect(page.getByText('Not used to sign in yet')).toBeVisible();
    await expect(page.getByText('Signed in with this passkey')).toBeHidden();

    await signOut(page);
    // The email field offers the passkey (conditional UI); the virtual authenticator answers at once,
    // so the sign-in is held at the server's door until the field has been seen (else the page can
    // already be Home when the assertion looks, as it was once in CI).
    const passkeyLogin = await holdRequests(page, '**/api/passkeys/login');
    await page.getByRole('link', { name: 'Sign in' }).click();
    await expect(page.getByLabel('Email address')).toHaveAttribute('autocomplete', 'username webauthn');
    passkeyLogin.release();
    await expect(page.getByRole('heading', { name: 'Hello, Ava' })).toBeVisible();
    await page.unroute('**/api/passkeys/login');
    await expect(page).toHaveURL(/\/$/);

    await page.goto('/help/passkeys');
    await expect(page.getByText('Signed in with this passkey')).toBeVisible();
    await expect(page.getByText(/Last used .* with Chrome/)).toBeVisible();
  });

  test('the passkey button signs in; rename and remove the passkey', async ({
    page,
    createMember,
    signIn,
  }) => {
    await withoutAutofill(page);
    const member = await createMember({ name: 'Noor Haddad' });
    await addAuthenticator(page);
    await signIn(page, member);
    await registerPasskeyFromHelp(page);
    await signOut(page);

    await page.goto('/signin');
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await expect(page.getByRole('heading', { name: 'Hello, Noor' })).toBeVisible();

    await page.goto('/help/passkeys');
    const item = page.getByRole('listitem');
    await expect(item.getByText('Signed in with this passkey')).toBeVisible();
    await item.getByRole('button', { name: 'Rename' }).click();
    await page.getByLabel('Passkey name').fill('My laptop');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('The passkey has been renamed.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'My laptop' })).toBeVisible();

    await page.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect(
      page.getByText('Remove “My laptop”? You will no longer be able to sign in with it.'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Remove passkey' }).click();
    await expect(page.getByText('The passkey has been removed.')).toBeVisible();
    await expect(page.getByText('No passkeys registered')).toBeVisible();
    // Removing the passkey this session signed in with keeps the member signed in.
    await page.reload();
    await expect(page.getByText('No passkeys registered')).toBeVisible();
  });

  test('a passkey that does not work falls back to emailing a magic link (§8 failover)', async ({
    page,
    createMember,
    server,
  }) => {
    await withoutAutofill(page);
    const member = await createMember();
    await addAuthenticator(page); // holds no passkey for this site
    await page.goto('/signin');
    await page.getByLabel('Email address').fill(member.email);
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await expect(
      page.getByText(
        `We couldn't sign you in with a passkey, so if ${member.email} belongs to a member we've emailed a sign-in link there instead.`,
      ),
    ).toBeVisible({ timeout: 20_000 });
    const mail = await server.mail.waitFor(member.email, /Sign in/);
    expect(mail.links[0]).toContain('/magic-login?token=');
  });

  test('without WebAuthn the browser is told: "Your current browser doesn\'t support Passkeys." (§8)', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      Object.defineProperty(window, 'PublicKeyCredential', { value: undefined });
    });
    await page.goto('/signin');
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await expect(page.getByRole('alert')).toHaveText("Your current browser doesn't support Passkeys.");
  });
});

test.describe('magic links (SPEC §2 Magic-link request, §4 Magic-login)', () => {
  test('an email query parameter sends the link at once; the emailed link signs in; a used link says so', async ({
    page,
    browser,
    createMember,
    server,
  }) => {
    const member = await createMember({ name: 'Leo Marsh' });
    await page.goto(`/signin?email=${encodeURIComponent(member.email.toUpperCase())}`);
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    await expect(
      page.getByText(`If ${member.email} belongs to a member, we've emailed a sign-in link there`),
    ).toBeVisible();
    const mail = await server.mail.waitFor(member.email, /Sign in/);
    const link = mail.links.find((l) => l.includes('/magic-login?token='));
    expect(link).toBeTruthy();

    await page.goto(String(link));
    await expect(page.getByRole('heading', { name: 'Hello, Leo' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);

    const other = await browser.newPage();
    await other.goto(String(link));
    await expect(other.getByRole('alert')).toHaveText(
      'For your security, each sign-in link works once and only for a few minutes. Request a new one below.',
    );
    // The heading says how it went, not "Signing you in".
    await expect(other.getByRole('heading', { level: 1 })).toHaveText('This sign-in link no longer works');
    await expect(other.getByRole('link', { name: 'Request a new link' })).toBeVisible();
    await other.close();
  });

  test('typing an email and pressing the button sends the link; a blank email is flagged (§5)', async ({
    page,
    createMember,
    server,
  }) => {
    const member = await createMember();
    await page.goto('/signin');
    await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await expect(page.getByText('Enter your email address', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Email address')).toBeFocused();
    await page.getByLabel('Email address').fill(member.email);
    await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    await server.mail.waitFor(member.email, /Sign in/);
  });

  test('/magic-login without a token asks for a new link (§4)', async ({ page }) => {
    await page.goto('/magic-login');
    await expect(
      page.getByText('This sign-in link is incomplete. Request a new link to sign in.'),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Request a new link' }).click();
    await expect(page).toHaveURL(/\/signin$/);
  });
});

test.describe('passwords (SPEC §2 Reset password page, /help/security; §5; §8)', () => {
  test('forgot password → email → new password → signed in', async ({ page, createMember, server }) => {
    const member = await createMember({ name: 'Mia Quinn' });
    await page.goto('/signin');
    await page.getByRole('link', { name: 'Sign in with your password instead' }).click();
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveURL(/\/reset-password$/);
    await expect(page).toHaveTitle('Reset password - Members Club');
    await page.getByLabel('Email address').fill(member.email);
    await page.getByRole('button', { name: 'Email me a reset link' }).click();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();

    const mail = await server.mail.waitFor(member.email, /Reset/);
    const link = String(mail.links.find((l) => l.includes('/set-new-password')));
    await page.goto(link);
    await expect(page.getByText(`For ${member.email}`)).toBeVisible();
    await page.getByLabel('New password').fill('abc');
    await page.getByRole('button', { name: 'Save and sign in' }).click();
    await expect(page.getByText('Use at least 6 characters')).toBeVisible();
    // Long enough but one of the commonest passwords: the server refuses it and the field is cleared.
    await page.getByLabel('New password').fill('password1');
    await page.getByRole('button', { name: 'Save and sign in' }).click();
    await expect(page.getByText("The password you entered doesn't meet the requirements")).toBeVisible();
    await expect(page.getByLabel('New password')).toHaveValue('');
    await expect(page.getByLabel('New password')).toBeFocused();
    await page.getByLabel('New password').fill('fresh-start-2026');
    await page.getByRole('button', { name: 'Save and sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Hello, Mia' })).toBeVisible();

    // The link was single use: opening it again, the page stays busy with the expired message.
    await signOut(page);
    await page.goto(link);
    await page.getByLabel('New password').fill('another-one-2026');
    await page.getByRole('button', { name: 'Save and sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'This password reset link has expired or has already been used. Please request a new one.',
    );
    await expect(page.getByRole('button', { name: 'Saving…' })).toBeDisabled();

    await page.goto('/signin?method=password');
    await page.getByLabel('Email address').fill(member.email);
    await page.getByLabel('Password').fill('fresh-start-2026');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Hello, Mia' })).toBeVisible();
  });

  test('change password at /help/security: under 8 characters is flagged, then success (§5, §8)', async ({
    page,
    createMember,
    signIn,
  }) => {
    const member = await createMember();
    await signIn(page, member);
    await page.goto('/help/security');
    await expect(page.getByRole('heading', { name: 'Sign-in and security' })).toBeVisible();
    await page.getByLabel('New password').fill('short');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Use at least 8 characters')).toBeVisible();
    await expect(page.getByLabel('New password')).toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('New password').fill('password123');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText("The password you entered doesn't meet the requirements")).toBeVisible();
    await expect(page.getByLabel('New password')).toHaveValue('');
    await page.getByLabel('New password').fill('a-much-longer-secret');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByRole('status')).toHaveText('Your password has been changed.');
  });
});

test.describe('accessibility of the credential screens', () => {
  test('sign in, reset, set new password, change password and passkeys have no axe violations', async ({
    page,
    createMember,
    signIn,
  }) => {
    const check = async (path: string) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const { violations } = await new AxeBuilder({ page }).analyze();
      expect(violations.map((v) => `${path}: ${v.id} ${v.help}`)).toEqual([]);
    };
    await check('/signin');
    await check('/signin?method=password');
    await check('/reset-password');
    await check('/set-new-password?email=a%40example.com&token=t');
    await check('/magic-login');
    await addAuthenticator(page);
    await signIn(page, await createMember());
    await registerPasskeyFromHelp(page);
    await check('/help/passkeys');
    await check('/help/security');
  });
});
