import type { Page } from '@playwright/test';
import { seriousViolations, settle } from './axe.ts';
import { expect, type TestServer, test } from './fixtures.ts';

/**
 * The console's API keys (admin) and audit log (manager, admin) pages, at a desk's
 * 1280 px and a tablet's 768 px: a key is shown once, works, is revoked and then refused; the audit
 * log shows both actions by the admin, filters by action and offers the CSV.
 */

async function enrolStaff(page: Page, server: TestServer, role: 'manager' | 'admin', tag: string) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  const email = `${role}-${tag}-${Date.now()}@retailer.example`;
  const created = await server.partner<{ enrolUrl: string }>('POST', '/staff', {
    email,
    name: `Avery ${role}`,
    role,
  });
  expect(created.status).toBe(201);
  const link = new URL(created.body.enrolUrl);
  await page.goto(`${link.pathname}${link.hash}`);
  await page.getByRole('button', { name: 'Register a passkey' }).click();
  await expect(page.getByRole('heading', { name: 'Find a member' })).toBeVisible();
  return email;
}

async function axeClean(page: Page) {
  await settle(page);
  expect(await seriousViolations(page)).toEqual([]);
}

const withKey = (server: TestServer, key: string) =>
  fetch(`${server.url}/partner/v1/burn-rates`, { headers: { authorization: `Bearer ${key}` } }).then(
    (r) => r.status,
  );

for (const width of [1280, 768]) {
  test.describe(`audit and API keys at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('admin: creates a key (shown once), revokes it, and finds both in the audit log', async ({
      page,
      server,
    }) => {
      const email = await enrolStaff(page, server, 'admin', `w${width}`);
      await page.getByRole('link', { name: 'API keys' }).click();
      await expect(page.getByRole('heading', { name: 'API keys', level: 1 })).toBeVisible();
      await axeClean(page);

      const name = `till-${width}`;
      await page.getByLabel('Name (e.g. till-1)').fill(name);
      await page.getByRole('button', { name: 'Create key' }).click();
      const shown = page.getByTestId('new-api-key');
      await expect(shown).toHaveText(/^lk_/);
      const key = (await shown.textContent()) ?? '';
      expect(await withKey(server, key)).toBe(200);
      await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('purchases');
      await page.screenshot({ path: `test-results/staff-api-keys-${width}.png`, fullPage: true });
      await axeClean(page);

      await page.getByRole('button', { name: `Revoke: ${name}` }).click();
      await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Revoked');
      await expect(page.getByTestId('new-api-key')).toHaveCount(0);
      expect(await withKey(server, key)).toBe(401);

      await page.getByRole('link', { name: 'Audit log' }).click();
      await page.getByLabel('Action (e.g. member.update or member.*)').fill('api_key.*');
      await page.getByRole('button', { name: 'Show', exact: true }).click();
      const rows = page.getByRole('row').filter({ hasText: email });
      await expect(rows).toHaveCount(2);
      await expect(rows.first()).toContainText('api_key.revoke');
      await expect(page.getByRole('link', { name: 'Download as CSV' })).toHaveAttribute(
        'href',
        /action=api_key\.\*/,
      );
      await page.screenshot({ path: `test-results/staff-audit-${width}.png`, fullPage: true });
      await axeClean(page);
    });

    test('manager: reads the audit log, and has no API keys page', async ({ page, server }) => {
      await enrolStaff(page, server, 'manager', `m${width}`);
      await expect(page.getByRole('link', { name: 'API keys' })).toHaveCount(0);
      await page.getByRole('link', { name: 'Audit log' }).click();
      await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
      await expect(page.getByRole('cell', { name: 'staff.create' }).first()).toBeVisible();
      await axeClean(page);
    });
  });
}
