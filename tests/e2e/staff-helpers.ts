import type { Page } from '@playwright/test';
import { seriousViolations, settle } from './axe.ts';
import { expect, type TestServer } from './fixtures.ts';

/** Chromium's virtual authenticator: passkeys without a person at the device. */
export async function addAuthenticator(page: Page) {
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
}

let counter = 0;

/** A staff member made as the CLI makes one (partner API): their enrolment link's path and email. */
export async function createStaff(server: TestServer, role: 'support' | 'manager' | 'admin') {
  const email = `${role}${++counter}-${Date.now()}@retailer.example`;
  const created = await server.partner<{ enrolUrl: string }>('POST', '/staff', {
    email,
    name: `Robin ${role}`,
    role,
  });
  expect(created.status).toBe(201);
  const link = new URL(created.body.enrolUrl);
  return { email, path: `${link.pathname}${link.hash}` };
}

export async function axeClean(page: Page) {
  await settle(page);
  expect(await seriousViolations(page)).toEqual([]);
}

export async function shot(page: Page, name: string) {
  await page.screenshot({ path: `test-results/staff-${name}.png`, fullPage: true });
}
