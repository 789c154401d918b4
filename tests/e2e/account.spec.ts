import { expect, type Member, test } from './fixtures.ts';

const thisMonth = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric' }).format(new Date());

test.describe('my details and edit details in the described configuration (SPEC §2, §5)', () => {
  test('my details: member since, every field, marketing choices and the manage links', async ({
    page,
    createMember,
    signIn,
  }) => {
    const member = await createMember({ name: 'Robin Hale' });
    await signIn(page, member);
    await page.goto('/help');
    await expect(page).toHaveURL(/\/help\/account$/);
    await expect(page).toHaveTitle('My details - Members Club');
    await expect(page.getByText(`Member since ${thisMonth}`)).toBeVisible();
    const details = page.getByRole('region', { name: 'Your details' });
    await expect(details).toContainText('Robin Hale');
    await expect(details).toContainText(member.email);
    await expect(details).toContainText(member.loyaltyId);
    await expect(details).toContainText('British Pound (£)');
    await expect(details).toContainText('Verified');
    await expect(page.getByRole('region', { name: 'Marketing' })).toContainText('Not answered yet');
    await expect(page.getByRole('link', { name: 'Edit details' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Delete account' })).toBeVisible();
  });

  test('my details: an unverified member sees the status and can ask for the email again', async ({
    page,
    server,
    signIn,
  }) => {
    const email = `unverified-${Date.now()}@example.com`;
    const created = await server.partner<{ member: { loyaltyId: string } }>('POST', '/members', {
      email,
      name: 'Una Verity',
      password: 'correct-horse-battery',
      emailVerified: false,
    });
    expect(created.status).toBe(201);
    const member: Member = {
      email,
      name: 'Una Verity',
      password: 'correct-horse-battery',
      loyaltyId: created.body.member.loyaltyId,
    };
    await signIn(page, member);
    await page.goto('/help/account');
    await expect(page.getByText('Not verified')).toBeVisible();
    await page.getByRole('button', { name: 'Send the verification email again' }).click();
    await expect(page.getByText("We've sent the verification email again.")).toBeVisible();
    const mail = await server.mail.waitFor(email, /verify/i);
    expect(mail.links.some((link) => link.includes('/verify-email?'))).toBe(true);
    // SPEC §5, §8: the resend is rate limited, and says so in its own words.
    await page.reload();
    await expect(page.getByText("Wait a few more minutes as we've recently sent the email")).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send the verification email again' })).toHaveCount(0);
  });

  test('edit details: name and email are locked, consents go through the control, success goes to /', async ({
    page,
    createMember,
    signIn,
  }) => {
    const member = await createMember({ name: 'Robin Hale' });
    await signIn(page, member);
    await page.goto('/help/account-details');
    await expect(page).toHaveTitle('Edit details - Members Club');
    await expect(page.getByLabel('Name')).toBeDisabled();
    await expect(page.getByLabel('Email address')).toBeDisabled();
    await expect(page.getByLabel('Currency')).toBeDisabled();
    // With a telephone number, WhatsApp is offered beside email.
    await page.getByLabel('Telephone number').fill('07700 900123');

    // Consent unanswered: saving flags the options and sends nothing (§5).
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page).toHaveURL(/\/help\/account-details$/);
    await expect(page.getByRole('checkbox', { name: 'Email' })).toHaveAttribute('aria-invalid', 'true');

    await page.getByRole('checkbox', { name: 'Email' }).check();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/help/account');
    const marketing = page.getByRole('region', { name: 'Marketing' });
    await expect(marketing.locator('dd').first()).toHaveText('Yes, please');
    await expect(marketing.locator('dd').nth(1)).toHaveText('No, thanks');
  });

  test('edit details: saving with no changes goes back to my details (§4)', async ({
    page,
    createMember,
    signIn,
  }) => {
    const member = await createMember();
    await signIn(page, member);
    await page.goto('/help/account-details');
    await page.getByLabel('Telephone number').fill('07700 900123');
    await page.getByRole('checkbox', { name: 'No' }).check();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/help/account-details');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page).toHaveURL(/\/help\/account$/);
  });

  test('help: signed out shows the sign-in-required message; an unknown help path is not found', async ({
    page,
    createMember,
    signIn,
  }) => {
    await page.goto('/help/account-details');
    await expect(page.getByText('To access your account details, you first need to sign in')).toBeVisible();
    // The link brings the member back to this help page after sign-in.
    await expect(page.getByRole('link', { name: 'Sign in' }).last()).toHaveAttribute(
      'href',
      '/signin?next=%2Fhelp%2Faccount-details',
    );
    await signIn(page, await createMember());
    await page.goto('/help/nothing-here');
    await expect(page.getByRole('heading', { name: 'Not Found' })).toBeVisible();
  });

  test("a member named with $` $' and </script> gets Home and My details pages that load, name intact", async ({
    page,
    createMember,
    signIn,
  }) => {
    const name = "A $` B $' C </script>";
    // The pages render the name only once the boot data has parsed and the app has started.
    await signIn(page, await createMember({ name }));
    await page.goto('/');
    // Greeted by the first word of the name; the card carries the whole of it.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hello, A');
    await expect(page.getByRole('main')).toContainText(name);
    await page.goto('/help/account');
    await expect(page.getByRole('region', { name: 'Your details' })).toContainText(name);
  });
});

test.describe('delete account (SPEC §2 /help/privacy, §4)', () => {
  test('delete account: a wrong email is refused; the right one deletes, signs out and frees the email', async ({
    page,
    createMember,
    signIn,
    server,
  }) => {
    const member = await createMember({ name: 'Dana Moss' });
    await signIn(page, member);
    await page.goto('/help/account');
    await page.getByRole('link', { name: 'Delete account' }).click();
    await expect(page).toHaveURL(/\/help\/privacy#delete$/);
    await expect(page).toHaveTitle('Privacy and your data - Members Club');
    const confirm = page.getByLabel('Enter your email address to confirm');
    await confirm.fill('someone-else@example.com');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await expect(page.getByText("That isn't the email address of your account.")).toBeVisible();
    await expect(confirm).toBeFocused();

    await confirm.fill(member.email);
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('status')).toHaveText('Your account has been deleted.');
    await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
    const goodbye = await server.mail.waitFor(member.email, /membership has been deleted/);
    expect(goodbye.text).toContain('anonymous record');

    const login = await page.request.post('/api/login', {
      data: { username: member.email, password: member.password },
      headers: { origin: server.url },
    });
    expect(login.status()).toBe(401);
    const again = await server.partner('POST', '/members', { email: member.email, name: 'Dana Moss' });
    expect(again.status).toBe(201);
  });
});

test.describe('public pages without external URLs (SPEC §2)', () => {
  test('terms, FAQ and privacy policy show the scheme’s pages; terms-roi is not routed here', async ({
    page,
  }) => {
    await page.goto('/');
    await page.locator('footer').getByRole('link', { name: 'Terms and Conditions' }).click();
    await expect(page).toHaveURL(/\/help\/terms$/);
    await expect(page).toHaveTitle('Terms and Conditions - Members Club');
    await expect(page.getByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeVisible();
    await expect(page.getByRole('heading', { name: '1. Who can join' })).toBeVisible();

    await page.goto('/help/faq');
    await expect(page).toHaveTitle('FAQ - Members Club');
    await expect(page.getByRole('heading', { name: 'When do my points arrive?' })).toBeVisible();

    await page.goto('/');
    await page.locator('footer').getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page).toHaveURL(/\/help\/privacy-policy$/);
    await expect(page.getByRole('heading', { name: 'How long we keep it' })).toBeVisible();

    // Not this customer type's page: a help path like any other, so signed out it asks for sign-in.
    await page.goto('/help/terms-roi');
    await expect(page.getByText('To access your account details, you first need to sign in')).toBeVisible();
  });
});

test.describe('error reporting is off without a sentry configuration (SPEC §7)', () => {
  test('no error-reporting SDK is fetched', async ({ page, createMember, signIn }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await signIn(page, await createMember());
    await page.goto('/help/account');
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(0);
    for (const url of scripts) {
      const body = await (await page.request.get(url)).text();
      expect(body, url).not.toContain('sentry.javascript');
    }
  });
});

test.describe('first paint styles (SPEC §9)', () => {
  test('the inlined CSS is removed after hydration and every stylesheet still applies', async ({ page }) => {
    await page.goto('/help/faq');
    await expect(page.locator('#ssr-css')).toHaveCount(0);
    // global.css (paper background) and the screen's own module both still apply.
    await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(247, 245, 242)');
    await expect(page.locator('header').first()).toHaveCSS('background-color', 'rgb(18, 18, 18)');
  });
});
