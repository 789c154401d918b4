import { resolve } from 'node:path';
import { daDKPersonalShopper } from '../../src/web/i18n/da-DK-personal-shopper.ts';
import { enGBPersonalShopper } from '../../src/web/i18n/en-GB-personal-shopper.ts';
import { staffDaDK } from '../../src/web/i18n/staff-da-DK.ts';
import { staffEnGB } from '../../src/web/i18n/staff-en-GB.ts';
import { expect, test } from './fixtures.ts';
import { addAuthenticator, axeClean, createStaff, shot } from './staff-helpers.ts';

export const stylistLocales = {
  'en-GB': { w: staffEnGB, p: enGBPersonalShopper, store: 'Regent Street', myDetails: 'My details' },
  'da-DK': { w: staffDaDK, p: daDKPersonalShopper, store: 'Strøget', myDetails: 'Mine oplysninger' },
} as const;

const photo = resolve('content/demo/sophie-turner.jpg');

/**
 * An admin makes a staff member a stylist; the stylist uploads a photo and writes their profile; a
 * manager (the admin) makes them the demo member's personal shopper; the member sees them on My
 * details with routes that work, and the contact page every "contact customer services" leads to.
 */
export function stylistJourneys(locale: keyof typeof stylistLocales) {
  const { w, p, store } = stylistLocales[locale];
  test.describe(`stylists in ${locale}`, () => {
    for (const width of [375, 1280]) {
      test(`at ${width} px: admin makes a stylist, the stylist's profile reaches the member`, async ({
        page,
        browser,
        server,
      }) => {
        await page.setViewportSize({ width, height: 900 });
        const name = `${locale}-${width}`;
        // Each run's own stylist: the demo member is shared by the runs of one server.
        const shown = `Robin Ellis ${width}`;
        const demo = await server.partner<{ email: string; password: string; loyaltyId: string }>(
          'POST',
          '/demo',
        );
        expect(demo.status).toBeLessThan(300);

        // The admin enrols and makes a new support agent a stylist.
        const admin = await createStaff(server, 'admin');
        const agent = await createStaff(server, 'support');
        await addAuthenticator(page);
        await page.goto(admin.path);
        await page.getByRole('button', { name: w.enrol.button }).click();
        await expect(page.getByRole('heading', { name: w.search.title })).toBeVisible();
        await page.goto('/staff/staff');
        const row = page.getByRole('row').filter({ hasText: agent.email });
        // Ticked once the server has recorded it (the box shows what the server holds).
        await row.getByRole('checkbox').click();
        await expect(page.getByText(w.stylistChanged('Robin support', true))).toBeVisible();
        await expect(row.getByRole('checkbox')).toBeChecked();
        await axeClean(page);
        await shot(page, `stylist-made-${name}`);

        // The stylist, in a browser of their own: photo and profile.
        const stylistContext = await browser.newContext({
          viewport: { width, height: 900 },
          baseURL: server.url,
        });
        const stylist = await stylistContext.newPage();
        await addAuthenticator(stylist);
        await stylist.goto(agent.path);
        await stylist.getByRole('button', { name: w.enrol.button }).click();
        await expect(stylist.getByRole('heading', { name: w.search.title })).toBeVisible();
        await stylist.goto('/staff/stylists');
        await stylist.getByRole('link', { name: w.stylists.myProfile }).click();
        await stylist.getByTestId('photo-input').setInputFiles(photo);
        await expect(stylist.getByText(w.profile.uploaded)).toBeVisible();
        await expect(stylist.getByRole('img', { name: /Robin support/ })).toBeVisible();
        await stylist.getByLabel(w.profile.displayName).fill(shown);
        await stylist
          .getByLabel(w.profile.introduction(w.profile.localeNames['en-GB'] ?? ''))
          .fill('Suits, weddings and everything between.');
        await stylist
          .getByLabel(w.profile.introduction(w.profile.localeNames['da-DK'] ?? ''))
          .fill('Jakkesæt, bryllupper og alt derimellem.');
        await stylist.getByLabel(w.profile.homeStore).selectOption({ label: store });
        await stylist.getByLabel(w.profile.workEmail).fill('robin.ellis@example.com');
        await stylist.getByLabel(w.profile.phone).fill('020 7946 0999');
        await stylist.getByLabel(w.profile.whatsapp).fill('+44 7700 900999');
        await stylist.getByRole('button', { name: w.profile.save }).click();
        await expect(stylist.getByText(w.profile.saved)).toBeVisible();
        await axeClean(stylist);
        await shot(stylist, `stylist-profile-${name}`);
        await stylistContext.close();

        // The admin (a manager too) makes them the demo member's personal shopper.
        await page.goto(`/staff/members/${demo.body.loyaltyId}`);
        await page.getByLabel(w.shopper.choose).selectOption({ label: shown });
        await page.getByRole('button', { name: w.shopper.save }).click();
        await expect(page.getByText(w.shopper.saved)).toBeVisible();
        await expect(page.getByTestId('member-shopper')).toHaveText(shown);

        // The member: My details shows the shopper, the routes and the way to book.
        const memberContext = await browser.newContext({
          viewport: { width, height: 900 },
          baseURL: server.url,
        });
        const member = await memberContext.newPage();
        const login = await member.request.post(`${server.url}/api/login`, {
          data: { username: demo.body.email, password: demo.body.password },
          headers: { origin: server.url },
        });
        expect(login.status()).toBe(200);
        await member.goto('/help/account');
        const section = member.getByTestId('personal-shopper');
        await expect(section.getByRole('heading', { name: shown })).toBeVisible();
        await expect(section.getByRole('img', { name: p.photoAlt(shown) })).toBeVisible();
        await expect(section.getByRole('link', { name: /robin.ellis@example.com/ })).toHaveAttribute(
          'href',
          'mailto:robin.ellis@example.com',
        );
        await expect(section.getByRole('link', { name: /020 7946 0999/ })).toHaveAttribute(
          'href',
          'tel:02079460999',
        );
        await expect(section.getByRole('link', { name: /\+44 7700 900999/ })).toHaveAttribute(
          'href',
          'https://wa.me/447700900999',
        );
        await expect(section.getByRole('link', { name: p.book })).toHaveAttribute(
          'href',
          '/appointments/book',
        );
        const img = section.getByRole('img');
        await expect(img).toHaveAttribute('width', '96');
        await expect(img).toHaveAttribute('srcset', /160w/);
        await axeClean(member);
        await shot(member, `member-shopper-${name}`);

        // The contact page: the demo contact block, and no link to itself.
        await member.goto('/help/contact');
        await expect(member.getByRole('heading', { level: 1, name: p.contactTitle })).toBeVisible();
        await expect(member.locator('main a[href="/help/contact"]')).toHaveCount(0);
        await expect(member.locator('main a[href^="tel:"]').first()).toBeVisible();
        await axeClean(member);
        await shot(member, `contact-${name}`);
        await member.goto('/help/faq');
        await expect(member.locator('main a[href="/help/faq"]')).toHaveCount(0);
        await memberContext.close();
      });
    }
  });
}
