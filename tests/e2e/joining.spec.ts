import AxeBuilder from '@axe-core/playwright';
import type { TestServer } from './fixtures.ts';
import { expect, test } from './fixtures.ts';

let counter = 0;
const newEmail = () => `invitee${++counter}-${Date.now()}@example.com`;

async function inviteByStaff(server: TestServer, body: Record<string, unknown>) {
  const res = await server.partner<{ invite: { acceptUrl: string } }>('POST', '/invites', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.invite.acceptUrl;
}

test.describe('joining by invitation (SPEC §2 Invite accept, §4 Invitation, §8)', () => {
  test('staff invite → the email arrives → four steps → Continue to account lands on Home signed in', async ({
    page,
    server,
  }) => {
    const email = newEmail();
    const acceptUrl = await inviteByStaff(server, { email, name: 'Alex Morgan', from: 'Sophie' });
    expect(acceptUrl).toMatch(/\/start-signup\?token=/);

    const mail = await server.mail.waitFor(email, /Sophie has invited you to join Members Club/);
    expect(mail.from).toContain('Members Club');
    expect(mail.text).toContain('Priority personal-shopping care');
    expect(mail.html).toContain('Bi-weekly style guides');
    const link = mail.links.find((l) => l.includes('/start-signup?token='));
    expect(link).toBe(acceptUrl);

    await page.goto(link ?? '');
    await expect(page.getByText('Step 1 of 4')).toBeVisible();
    await expect(page.getByText('Your invitation is from Sophie')).toBeVisible();
    await expect(page.getByLabel('Full name')).toHaveValue('Alex Morgan');
    await expect(page.getByLabel('Full name')).toHaveAttribute('readonly', '');
    await expect(page.getByLabel('Email address')).toHaveValue(email);
    // Magic links are on in the described configuration: no password is asked.
    await expect(page.getByLabel('Choose a password')).toHaveCount(0);
    await page.getByRole('button', { name: 'Next' }).click();

    await expect(page.getByText('Step 2 of 4')).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'terms and conditions' })).toBeVisible();
    // SPEC §5: an email consent answer is needed before continuing.
    await page.getByRole('button', { name: 'Join now' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Please tell us whether you would like to hear from us.',
    );
    // With a number given, WhatsApp is offered beside email.
    await page.getByLabel('Telephone number (optional)').fill('07700 900123');
    await page.getByRole('checkbox', { name: 'Email' }).check();
    await expect(page.getByRole('checkbox', { name: 'WhatsApp' })).not.toBeChecked();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await page.getByRole('button', { name: 'Join now' }).click();

    await expect(page.getByText('Step 3 of 4')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Welcome to the club' })).toBeVisible();
    await expect(page.getByTestId('wallet-onboarding')).toBeVisible();
    await page.getByRole('button', { name: 'Continue to account' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Hello, Alex' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Hello, Alex' })).toBeVisible();
  });

  test("another address at step 1: a non-email is flagged before sending; step 3 says a link went to it; opening it makes it the account's", async ({
    page,
    server,
  }) => {
    const invited = newEmail();
    const wanted = `wanted${++counter}-${Date.now()}@example.com`;
    await page.goto(await inviteByStaff(server, { email: invited, name: 'Noor Newmail' }));
    const field = page.getByLabel('Email address');
    await field.fill('noor-at-example');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Enter a valid email address')).toBeVisible();
    await expect(page.getByText('Step 1 of 4')).toBeVisible();

    await field.fill(wanted);
    await page.getByRole('button', { name: 'Next' }).click();
    // No number given: one question on email.
    await page.getByLabel('Would you like to hear from us by email?').selectOption('yes');
    await page.getByRole('button', { name: 'Join now' }).click();
    await expect(page.getByText('Step 3 of 4')).toBeVisible();
    await expect(
      page.getByText(
        `We've sent an email to ${wanted}: open the link in it to verify your new address. Until then we keep using the address you were invited at.`,
      ),
    ).toBeVisible();

    const mail = await server.mail.waitFor(wanted, /verify your email address/i);
    await page.goto(mail.links.find((l) => l.includes('/verify-email')) ?? '');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/help/account');
    await expect(page.getByText(wanted)).toBeVisible();
  });

  test('keyboard: Enter advances; Shift+Enter and Alt+Enter on step 2 go back (§4); Continue → passkey offer → Skip', async ({
    page,
    server,
  }) => {
    const email = newEmail();
    const acceptUrl = await inviteByStaff(server, { email, name: 'Jo Keys' });
    await page.goto(acceptUrl);
    await page.getByLabel('Email address').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Step 2 of 4')).toBeVisible();
    await page.getByLabel('Telephone number (optional)').fill('07700 900123');

    await page.getByRole('checkbox', { name: 'WhatsApp' }).focus();
    await page.keyboard.press('Shift+Enter');
    await expect(page.getByText('Step 1 of 4')).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Step 2 of 4')).toBeVisible();
    await page.getByRole('checkbox', { name: 'No, thanks' }).focus();
    await page.keyboard.press('Alt+Enter');
    await expect(page.getByText('Step 1 of 4')).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).press('Enter');
    await expect(page.getByText('Step 2 of 4')).toBeVisible();

    // Enter with the consent unanswered flags it instead of advancing.
    await page.getByRole('checkbox', { name: 'No, thanks' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alert')).toHaveText(
      'Please tell us whether you would like to hear from us.',
    );
    // Focus moved to the first option (Email): Space chooses it.
    await expect(page.getByRole('checkbox', { name: 'Email' })).toBeFocused();
    await page.keyboard.press('Space');
    await expect(page.getByRole('checkbox', { name: 'Email' })).toBeChecked();
    await page.keyboard.press('Enter');

    await expect(page.getByText('Step 3 of 4')).toBeVisible();
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page.getByText('Step 4 of 4')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create Passkey' })).toBeVisible();
    await page.getByRole('link', { name: 'Skip', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Hello, Jo' })).toBeVisible();
  });

  test('stale: after a re-invite the older link shows the stale message and no form', async ({
    page,
    server,
  }) => {
    const email = newEmail();
    const first = await inviteByStaff(server, { email, name: 'Sam Stale' });
    await inviteByStaff(server, { email, name: 'Sam Stale' });
    await page.goto(first);
    await expect(page.getByRole('alert')).toHaveText(
      'This invitation link has been replaced by a newer one. Please open the latest invitation we emailed you.',
    );
    await expect(page.getByRole('button', { name: 'Next' })).toHaveCount(0);
  });

  test('used, mangled and missing links show the §8 messages', async ({ page, server }) => {
    const email = newEmail();
    const url = await inviteByStaff(server, { email, name: 'Uma Used' });
    const token = new URL(url).searchParams.get('token');
    const accepted = await page.request.post(`${server.url}/api/accept-invite`, {
      data: { token, allowMarketing: false, allowMarketingWhatsApp: false },
      headers: { origin: server.url },
    });
    expect(accepted.status()).toBe(200);
    await page.context().clearCookies();
    await page.goto(url);
    await expect(page.getByRole('status')).toHaveText('It looks like this invitation has already been used.');
    // Not a dead end: the member most likely joined with it.
    await expect(page.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin');
    await page.goto('/start-signup?token=not-a-token');
    await expect(page.getByRole('alert')).toHaveText(
      'There was an error loading your invite information, please check you opened the link in the email correctly.',
    );
    await page.goto('/start-signup');
    await expect(page.getByRole('alert')).toHaveText(
      'This link is missing its invitation. Please open the link in your invitation email again.',
    );
  });

  test('a signed-in member opening an invitation sees the already-logged-in notice', async ({
    page,
    server,
    createMember,
    signIn,
  }) => {
    const member = await createMember();
    await signIn(page, member);
    const url = await inviteByStaff(server, { email: newEmail(), name: 'Someone New' });
    await page.goto(url);
    await expect(
      page.getByText('You are already signed in, so there is no need to accept an invitation.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Next' })).toHaveCount(0);
  });

  test('accessibility: steps 1 and 2 (with the consent flagged) have no axe violations', async ({
    page,
    server,
  }) => {
    const url = await inviteByStaff(server, { email: newEmail(), name: 'Ari Access', from: 'Sophie' });
    await page.goto(url);
    await expect(page.getByText('Step 1 of 4')).toBeVisible();
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Join now' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  });
});
