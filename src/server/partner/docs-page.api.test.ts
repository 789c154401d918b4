import { chromium } from '@playwright/test';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#tests/support/test-app.ts';

/** The partner API's page in a real Chromium: Markdown code spans shown as code, and no sideways scroll at 375 px. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('renders `code` as code and fits a 375 px phone', async () => {
  const page = (await t.client().get<string>('/partner/v1/docs')).body;
  expect(page).not.toMatch(/`[^`<]+`/);
  expect(page).toContain('<code>unmatched</code>');
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH || '/usr/bin/chromium' });
  try {
    const tab = await browser.newPage({ viewport: { width: 375, height: 800 } });
    await tab.setContent(page);
    // Open every schema, the widest content of the page.
    await tab.evaluate(() => {
      for (const details of document.querySelectorAll('details')) details.open = true;
    });
    const width = await tab.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
  } finally {
    await browser.close();
  }
}, 60_000);
