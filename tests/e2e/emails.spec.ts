import { expect, test } from '@playwright/test';
import { everyEmail } from '../support/every-email.ts';

/**
 * Every email, as the app renders it, in a 375 px wide Chromium (a small phone): no
 * horizontal overflow, in both locales. Screenshots of three of them are attached to the report.
 */
test.use({ viewport: { width: 375, height: 812 } });

for (const locale of ['en-GB', 'da-DK'] as const) {
  test(`every ${locale} email fits a 375 px screen without horizontal scrolling`, async ({ page }, info) => {
    const emails = await everyEmail({ locale });
    expect(emails).toHaveLength(21);
    for (const { name, mail } of emails) {
      await page.setContent(mail.html, { waitUntil: 'load' });
      const width = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        client: document.documentElement.clientWidth,
        widest: Math.max(
          ...[...document.body.querySelectorAll('*')].map((e) => e.getBoundingClientRect().right),
        ),
      }));
      expect({ name, ...width }).toEqual({ name, scroll: 375, client: 375, widest: expect.any(Number) });
      expect(width.widest, `${name}: an element reaches past the screen`).toBeLessThanOrEqual(375);
      expect(await page.locator('html').getAttribute('lang')).toBe(locale === 'da-DK' ? 'da' : 'en');
      if (
        [
          'magic-link',
          'invitation',
          'points-expiry-reminder',
          'welcome',
          'claim-approved',
          'claim-refused',
        ].includes(name)
      ) {
        await info.attach(`${locale}-${name}-375px`, {
          body: await page.screenshot({ fullPage: true }),
          contentType: 'image/png',
        });
      }
    }
  });
}
