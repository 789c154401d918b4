import { request as apiRequest, type Page } from '@playwright/test';
import { expect, type Member, type TestServer, test } from './fixtures.ts';
import { addAuthenticator, axeClean, createStaff, shot as fullShot } from './staff-helpers.ts';

/**
 * The staff console per role, at a desk's 1280 px and a tablet's 768 px: enrolment by
 * the link `staff create` prints, passkey sign-in (Chromium's virtual authenticator), member look-up
 * and view, the role's actions, and a support user refused a manager action by the server.
 */

/** Creates a staff member as the CLI does (partner API) and enrols their passkey in this page. */
async function enrolStaff(page: Page, server: TestServer, role: 'support' | 'manager' | 'admin') {
  const { email, path } = await createStaff(server, role);
  await addAuthenticator(page);
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Register your staff passkey' })).toBeVisible();
  await expect(page.getByText(`Register a passkey for ${email}`)).toBeVisible();
  await axeClean(page);
  await page.getByRole('button', { name: 'Register a passkey' }).click();
  await expect(page.getByRole('heading', { name: 'Find a member' })).toBeVisible();
  return { email, path };
}

async function openMember(page: Page, member: Member) {
  await page.getByRole('link', { name: 'Members', exact: true }).click();
  await page.getByLabel('Email, card number or name').fill(member.email);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('status')).toHaveText('1 member');
  await page.getByRole('link', { name: member.name }).click();
  await expect(page.getByRole('heading', { name: member.name, level: 1 })).toBeVisible();
}

async function shot(page: Page, name: string, width: number) {
  await fullShot(page, `${name}-${width}`);
}

for (const width of [1280, 768]) {
  test.describe(`staff console at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('support: enrols, signs in again with the passkey, finds a member, sends a reset link, and is refused a manager action', async ({
      page,
      server,
      createMember,
    }) => {
      const member = await createMember({ name: `Quinn Support${width}` });
      await enrolStaff(page, server, 'support');
      await axeClean(page);

      // Signed out, the console asks for the passkey again, and it signs in.
      await page.getByRole('button', { name: 'Sign out' }).click();
      await expect(page.getByRole('heading', { name: 'Staff sign-in' })).toBeVisible();
      await axeClean(page);
      await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
      await expect(page.getByRole('heading', { name: 'Find a member' })).toBeVisible();

      await page.getByLabel('Email, card number or name').fill(member.email);
      await page.getByRole('button', { name: 'Search' }).click();
      await expect(page.getByRole('link', { name: member.name })).toBeVisible();
      await axeClean(page);
      await openMember(page, member);
      await expect(page.getByRole('heading', { name: 'Ledger' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Points and access' })).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Staff accounts' })).toHaveCount(0);
      await axeClean(page);
      await shot(page, 'support-member', width);

      await page.getByRole('button', { name: 'Send a password reset link' }).click();
      await expect(page.getByRole('status')).toContainText(
        `A password reset link is on its way to ${member.email}.`,
      );
      expect(
        (await server.mail.waitFor(member.email)).links.some((l) => l.includes('/set-new-password')),
      ).toBe(true);

      // The screen hides the manager's actions; the server refuses them too.
      const refused = await page.evaluate(async (loyaltyId) => {
        const res = await fetch('/staff-api/member/adjust-points', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            loyaltyId,
            adjustmentId: 'support-tries-1',
            points: 1000,
            reason: 'sneaky',
          }),
        });
        return { status: res.status, body: await res.json() };
      }, member.loyaltyId);
      expect(refused).toMatchObject({ status: 403, body: { error: 'StaffRoleRequired' } });
      await page.reload();
      await expect(page.getByRole('cell', { name: 'sneaky' })).toHaveCount(0);
      await page.goto('/staff/burn-rate');
      await expect(page.getByText('There is no such page in the staff console.')).toBeVisible();
    });

    test('manager: adjusts points with a reason, marks the member under review, sees the email queue', async ({
      page,
      server,
      createMember,
    }) => {
      const member = await createMember({ name: `Morgan Manager${width}` });
      await enrolStaff(page, server, 'manager');
      await openMember(page, member);
      await page.getByLabel('Points (negative to take away)').fill('250');
      await page.getByLabel('Reason (the member sees it)').fill('Goodwill for a late parcel');
      await page.getByRole('button', { name: 'Adjust points' }).click();
      await expect(page.getByRole('status')).toContainText('Adjusted by 250 points.');
      const line = page.getByRole('row', { name: /Goodwill for a late parcel/ });
      await expect(line).toContainText('250');
      await page.getByRole('button', { name: 'Mark under review' }).click();
      await expect(page.getByRole('button', { name: 'Clear the review' })).toBeVisible();
      await axeClean(page);
      await shot(page, 'manager-member', width);

      // The member reports a missing purchase; the manager refuses it with a reason the member reads.
      const memberApi = await apiRequest.newContext({
        baseURL: server.url,
        extraHTTPHeaders: { origin: server.url },
      });
      expect(
        (
          await memberApi.post('/api/login', { data: { username: member.email, password: member.password } })
        ).status(),
      ).toBe(200);
      const orderId = `LOST-${width}-${Date.now()}`;
      const claimed = await memberApi.post('/api/purchase-claims', {
        data: {
          orderId,
          purchasedOn: new Date().toISOString().slice(0, 10),
          channel: 'in-store',
          store: 'Oxford Street',
          amount: 4999,
        },
      });
      expect(claimed.status()).toBeLessThan(300);
      await page.getByRole('link', { name: 'Claims' }).click();
      const claimRow = page.getByRole('row', { name: new RegExp(orderId) });
      await expect(claimRow).toContainText('No purchase of this order reached us');
      await axeClean(page);
      await shot(page, 'manager-claims', width);
      await claimRow
        .getByLabel('Reason (the member reads it)')
        .fill('We found no such order at Oxford Street.');
      await claimRow.getByRole('button', { name: 'Refuse' }).click();
      await expect(page.getByRole('status')).toContainText(
        'The claim is refused; the member sees the reason.',
      );
      const mine = await (await memberApi.get('/api/purchase-claims')).json();
      expect(mine.claims[0]).toMatchObject({
        orderId,
        status: 'refused',
        reason: 'We found no such order at Oxford Street.',
      });
      await memberApi.dispose();

      await page.getByRole('link', { name: 'Undelivered email' }).click();
      await expect(page.getByRole('heading', { name: 'Undelivered email' })).toBeVisible();
      await axeClean(page);
      await page.getByRole('link', { name: 'Burn rate' }).click();
      await expect(page.getByLabel('Points', { exact: true })).toHaveValue(/\d+/);
      await axeClean(page);
    });

    test('admin: adds a staff member (the enrolment link is shown once) and changes a role', async ({
      page,
      server,
    }) => {
      const { path } = await enrolStaff(page, server, 'admin');
      // The link is single use: opened again, it says so.
      await page.goto(path);
      await expect(
        page.getByText(
          'This enrolment link has expired or has already been used. Ask an admin for a new one.',
        ),
      ).toBeVisible();
      await page.goto('/staff');
      await page.getByRole('link', { name: 'Staff accounts' }).click();
      await expect(page.getByRole('heading', { name: 'Staff accounts' })).toBeVisible();
      const email = `added${width}-${Date.now()}@retailer.example`;
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Name', { exact: true }).fill(`Alex Added${width}`);
      await page.getByLabel('Role', { exact: true }).selectOption('manager');
      await page.getByRole('button', { name: 'Add the staff member' }).click();
      await expect(page.getByTestId('enrol-url')).toContainText('/staff/enrol#');
      const row = page.getByRole('row', { name: new RegExp(email) });
      await expect(row).toContainText('Not enrolled yet');
      await row.getByRole('combobox').selectOption('support');
      await row.getByRole('button', { name: 'Change role' }).click();
      await expect(row.getByRole('combobox')).toHaveValue('support');
      await axeClean(page);
      await shot(page, 'admin-staff', width);
    });
  });
}
