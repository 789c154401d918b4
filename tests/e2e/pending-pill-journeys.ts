import { seriousViolations } from './axe.ts';
import { expect, type Member, test } from './fixtures.ts';
import { orderId, type Partner } from './points-helpers.ts';

/**
 * The pending pill beside a recent purchase: one short form of the day ("Pending until 23 Dec";
 * "Afventer til 23. dec."), on one line at 375 px and 1280 px, on Home and in the purchase history.
 */
const locales = {
  'en-GB': {
    currency: 'GBP',
    pill: /^Pending until \d{1,2} [A-Z][a-z]{2,3}( \d{4})?$/,
    pending: 'Pending until',
  },
  'da-DK': {
    currency: 'DKK',
    pill: /^Afventer til \d{1,2}\. [a-zæøå]{3,4}\.( \d{4})?$/,
    pending: 'Afventer til',
  },
} as const;

async function recentPurchase(partner: Partner, member: Member, currency: string) {
  const res = await partner('POST', '/purchases', {
    orderId: orderId(),
    loyaltyId: member.loyaltyId,
    channel: 'in-store',
    // A long store name: the pill must still keep to one line beside the date.
    storeDisplayName: 'Manchester Trafford Centre, Upper Mall',
    fasciaDisplayName: 'Sportswear',
    value: 12_999,
    currency,
    points: 1_300,
  });
  expect(res.status).toBe(201);
}

/** The journeys for one locale; each spec file runs its locale's server (test.use at its top). */
export function pendingPillJourneys(locale: keyof typeof locales) {
  const w = locales[locale];
  test.describe(`pending pill (${locale})`, () => {
    for (const width of [375, 1280]) {
      test(`one short line at ${width} px on Home and in the history, axe clean`, async ({
        page,
        server,
        createMember,
        signIn,
      }, info) => {
        await page.setViewportSize({ width, height: 900 });
        const member = await createMember({ name: 'Maya Chen' });
        await recentPurchase(server.partner, member, w.currency);
        await signIn(page, member);
        for (const path of ['/', '/help/history']) {
          await page.goto(path);
          const pill = page.getByText(w.pending);
          await expect(pill).toBeVisible();
          await expect(pill).toHaveText(w.pill);
          const shape = await pill.evaluate((el) => ({
            lines: el.getClientRects().length,
            right: el.getBoundingClientRect().right,
            height: el.getBoundingClientRect().height,
            fontSize: Number.parseFloat(getComputedStyle(el).fontSize),
          }));
          expect(shape.lines, `${path}: the pill wraps`).toBe(1);
          expect(shape.height, `${path}: the pill is taller than one line`).toBeLessThan(shape.fontSize * 2);
          expect(shape.right, `${path}: the pill reaches past the screen`).toBeLessThanOrEqual(width);
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
          expect(await seriousViolations(page)).toEqual([]);
          const name = `${locale}-${width}px${path.replace(/\//g, '-')}.png`;
          await page.screenshot({ path: info.outputPath(name), fullPage: true });
          await info.attach(name, { path: info.outputPath(name), contentType: 'image/png' });
        }
      });
    }
  });
}
