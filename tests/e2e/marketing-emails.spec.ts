import { expect, test } from '@playwright/test';
import { everyMarketingEmail } from '../support/every-marketing-email.ts';

/** Every marketing email in a 375 px wide Chromium, in both locales: no horizontal overflow. */
test.use({ viewport: { width: 375, height: 812 } });

for (const locale of ['en-GB', 'da-DK'] as const) {
  test(`every ${locale} marketing email fits a 375 px screen`, async ({ page }, info) => {
    for (const { name, mail } of await everyMarketingEmail({ locale })) {
      await page.setContent(mail.html, { waitUntil: 'load' });
      const width = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        widest: Math.max(
          ...[...document.body.querySelectorAll('*')].map((e) => e.getBoundingClientRect().right),
        ),
      }));
      expect(width.scroll, name).toBe(375);
      expect(width.widest, `${name}: an element reaches past the screen`).toBeLessThanOrEqual(375);
      await expect(
        page.getByRole('link', {
          name: locale === 'da-DK' ? 'Afmeld disse e-mails' : 'Unsubscribe from these emails',
        }),
      ).toBeVisible();
      await info.attach(`${locale}-${name}-375px`, {
        body: await page.screenshot({ fullPage: true }),
        contentType: 'image/png',
      });
    }
  });
}
