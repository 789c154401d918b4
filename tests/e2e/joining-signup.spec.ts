import { expect, test } from './fixtures.ts';

// Passwords instead of magic links, self sign-up and guided signup on, no telephone numbers.
test.use({
  loyaltyConfig: {
    enableMagicLinkLogins: false,
    selfSignupEnabled: true,
    guidedSignupEnabled: true,
    enableTelephoneNumber: false,
  },
});

let counter = 0;
const newEmail = (prefix: string) => `${prefix}${++counter}-${Date.now()}@example.com`;

test.describe('joining with passwords (SPEC §2, §4, §5, §8)', () => {
  test('invite: a refused password returns to step 1 with the password cleared and focused (§4)', async ({
    page,
    server,
  }) => {
    const email = newEmail('pw');
    const res = await server.partner<{ invite: { acceptUrl: string } }>('POST', '/invites', {
      email,
      name: 'Pat Word',
    });
    await page.goto(res.body.invite.acceptUrl);
    // Too short: flagged on step 1 (§5, at least 6).
    await page.getByLabel('Choose a password').fill('abc');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByLabel('Choose a password')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Step 1 of 4')).toBeVisible();
    // Long enough but one of the commonest: the server refuses it.
    await page.getByLabel('Choose a password').fill('password');
    await page.getByRole('button', { name: 'Next' }).click();
    // Without telephone numbers: a single yes/no question on email.
    await expect(page.getByRole('checkbox', { name: 'WhatsApp' })).toHaveCount(0);
    await page.getByLabel('Would you like to hear from us by email?').selectOption('no');
    await page.getByRole('button', { name: 'Join now' }).click();
    await expect(page.getByText('Step 1 of 4')).toBeVisible();
    await expect(page.getByRole('alert').first()).toHaveText(
      "The password you entered doesn't meet the requirements",
    );
    await expect(page.getByLabel('Choose a password')).toHaveValue('');
    await expect(page.getByLabel('Choose a password')).toBeFocused();

    await page.getByLabel('Choose a password').fill('velvet-harbour-7');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByLabel('Would you like to hear from us by email?')).toHaveValue('no');
    await page.getByRole('button', { name: 'Join now' }).click();
    await expect(page.getByText('Step 3 of 4')).toBeVisible();
  });

  test('self sign-up: two steps, Sign up disabled until the email question is answered, then Home', async ({
    page,
    server,
  }) => {
    const email = newEmail('self');
    await page.goto('/signup');
    await expect(page).toHaveTitle('Sign up - Members Club');
    await page.getByLabel('Full name').fill('Nia Self');
    await page.getByLabel('Email address').fill(email.toUpperCase());
    await expect(page.getByLabel('Email address')).toHaveValue(email);
    await page.getByLabel('Choose a password').fill('velvet-harbour-7');
    await page.getByRole('button', { name: 'Next' }).click();

    await expect(page.getByText('Step 2 of 2')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign up' })).toBeDisabled();
    await page.getByLabel('Would you like to hear from us by email?').selectOption('yes');
    await expect(page.getByRole('button', { name: 'Sign up' })).toBeEnabled();
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Please confirm you are over 17 and agree to the terms and privacy policy.',
    );
    await page.getByLabel('I confirm that I am over 17').check();
    await page.getByLabel('I agree to the scheme terms and conditions and the privacy policy').check();
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByRole('heading', { name: 'Hello, Nia' })).toBeVisible();

    // The verification email signs the member in and verifies the address.
    const mail = await server.mail.waitFor(email, /verify your email/i);
    const link = mail.links.find((l) => l.includes('/verify-email?'));
    await page.goto(link ?? '');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Hello, Nia' })).toBeVisible();
    const viewer = await page.request.get(`${server.url}/api-w/viewer`);
    expect(await viewer.json()).toMatchObject({ account: { email, emailIsVerified: true } });
  });

  test('self sign-up: an existing email shows the §8 message', async ({ page, createMember }) => {
    const member = await createMember();
    await page.goto('/signup');
    await page.getByLabel('Full name').fill('Someone');
    await page.getByLabel('Email address').fill(member.email);
    await page.getByLabel('Choose a password').fill('velvet-harbour-7');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Would you like to hear from us by email?').selectOption('no');
    await page.getByLabel('I confirm that I am over 17').check();
    await page.getByLabel('I agree to the scheme terms and conditions and the privacy policy').check();
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByRole('alert')).toContainText(
      'An account with that email address already exists, please login.',
    );
  });

  test('VIP signup in store → emailed link → complete-signup → success → Continue to account', async ({
    page,
    server,
  }) => {
    const email = newEmail('vip');
    await page.goto('/store/signup/regent-street');
    await expect(page).toHaveTitle('VIP Signup - Members Club');
    await page.getByLabel('Full name').fill('Vic Store');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Would you like to hear from us by email?').selectOption('yes');
    await page.getByLabel('I confirm that I am over 17').check();
    await page.getByLabel('I agree to the scheme terms and conditions and the privacy policy').check();
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(
      page.getByText(`Thank you. We have emailed ${email} a link to complete the sign-up.`),
    ).toBeVisible();

    const mail = await server.mail.waitFor(email, /Complete your Members Club sign-up/);
    const link = mail.links.find((l) => l.includes('/complete-signup?'));
    await page.goto(link ?? '');
    await expect(page.getByRole('heading', { name: 'Welcome to the club' })).toBeVisible();
    await page.getByRole('button', { name: 'Continue to account' }).click();
    await expect(page.getByRole('heading', { name: 'Hello, Vic' })).toBeVisible();
  });

  test('verify-email and complete-signup without their parameters say what to do', async ({ page }) => {
    await page.goto('/verify-email?email=a%40example.com');
    await expect(page.getByText('This verification link is incomplete.', { exact: false })).toBeVisible();
    await page.goto('/complete-signup?email=a%40example.com');
    await expect(page.getByRole('alert')).toHaveText(
      'This link is missing its invitation. Please open the link in your invitation email again.',
    );
  });
});
