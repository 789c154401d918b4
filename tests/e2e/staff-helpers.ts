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

/**
 * A USB barcode scanner's burst: each character's keydown and then Enter, a few microseconds apart,
 * to whatever has the focus. Playwright's keyboard sends each key through the browser's protocol, and
 * on a loaded machine two keys of a long code can arrive more than the scan screen's 100 ms apart
 * (a person's pace), which no scanner does.
 */
export async function scannerBurst(page: Page, code: string) {
  await page.evaluate((text) => {
    const target = document.activeElement ?? document.body;
    for (const key of [...text, 'Enter']) {
      target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
    }
  }, code);
}
