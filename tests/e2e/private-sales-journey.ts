import { request as apiRequest } from '@playwright/test';
import { privateSalesDaDK } from '../../src/web/i18n/private-sales-da-DK.ts';
import { privateSalesEnGB } from '../../src/web/i18n/private-sales-en-GB.ts';
import { staffDaDK } from '../../src/web/i18n/staff-da-DK.ts';
import { staffEnGB } from '../../src/web/i18n/staff-en-GB.ts';
import { expect, test } from './fixtures.ts';
import { addAuthenticator, axeClean, createStaff } from './staff-helpers.ts';

export const saleLocales = {
  'en-GB': { locale: 'en-GB', w: staffEnGB, p: privateSalesEnGB, place: 'Unsubscribe link in an email' },
  'da-DK': { locale: 'da-DK', w: staffDaDK, p: privateSalesDaDK, place: 'Afmeldingslink i en e-mail' },
} as const;

/**
 * Private sales end to end, at a phone's and a desk's width: a manager creates a sale with a list
 * of codes in the console and adds more later; a member who said yes to email gets its start email (one-click
 * unsubscribe headers and link), reveals their code on Home (the same after a reload), and
 * unsubscribes from the mail's link without signing in, which their privacy centre then shows.
 */
export function privateSaleJourneys({ locale, w, p, place }: (typeof saleLocales)[keyof typeof saleLocales]) {
  for (const width of [375, 1280]) {
    test(`${locale} at ${width} px: staff create a sale, a member reveals a code and unsubscribes from its mail`, async ({
      page,
      browser,
      server,
      createMember,
      signIn,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      const shot = (name: string) =>
        page.screenshot({ path: `test-results/sales-${name}-${locale}-${width}.png`, fullPage: true });

      // A member who says yes to marketing email.
      const member = await createMember();
      const memberApi = await apiRequest.newContext({
        baseURL: server.url,
        extraHTTPHeaders: { origin: server.url },
      });
      expect(
        (
          await memberApi.post('/api/login', { data: { username: member.email, password: member.password } })
        ).status(),
      ).toBe(200);
      expect(
        (await memberApi.post('/api/update-account', { data: { marketingConsent: 'consent' } })).status(),
      ).toBe(200);
      await memberApi.dispose();

      // A manager creates a sale with three codes.
      const { path } = await createStaff(server, 'manager');
      await addAuthenticator(page);
      await page.goto(path);
      await page.getByRole('button', { name: w.enrol.button }).click();
      await expect(page.getByRole('heading', { name: w.search.title })).toBeVisible();
      await page.getByRole('link', { name: w.nav.privateSales }).click();
      await expect(page.getByRole('heading', { name: p.staff.title, level: 1 })).toBeVisible();
      const s = p.staff;
      const name = `Sale ${locale} ${width}`;
      // The new sale's form (each unique-code sale's row has its own "Add codes" list too).
      const creating = page.getByRole('region', { name: s.create });
      await creating.getByLabel(s.nameEn).fill(`${name}`);
      await creating.getByLabel(s.nameDa).fill(`${name}`);
      await creating.getByLabel(s.descriptionEn).fill('Up to 40% off coats, for members only.');
      await creating.getByLabel(s.descriptionDa).fill('Op til 40 % på frakker, kun for medlemmer.');
      await creating.getByLabel(s.shopUrl).fill('https://shop.example.com/private');
      await creating.getByLabel(s.codeList).fill(`C${width}-A\nC${width}-B\nC${width}-C`);
      await axeClean(page);
      await shot('console-form');
      await creating.getByRole('button', { name: s.save }).click();
      await expect(page.getByText(s.created)).toBeVisible();
      const row = page.getByRole('row').filter({ hasText: name });
      await expect(row).toContainText(s.allMembers);
      await expect(row).toContainText(s.stock('0', '3'));
      await axeClean(page);
      await shot('console-list');

      // Codes the shop sent later: one already the sale's refuses the list whole; then two new ones.
      await row.locator('summary', { hasText: s.addCodes }).click();
      const more = row.getByLabel(s.codeList);
      await more.fill(`C${width}-C\nC${width}-D`);
      await row.getByRole('button', { name: s.addThem }).click();
      await expect(row.getByRole('alert')).toContainText(s.duplicates(`C${width}-C`));
      await more.fill(`C${width}-D\nC${width}-E`);
      await row.getByRole('button', { name: s.addThem }).click();
      await expect(page.getByText(s.added)).toBeVisible();
      await expect(page.getByRole('row').filter({ hasText: name })).toContainText(s.stock('0', '5'));
      await axeClean(page);

      // The start email: RFC 8058 headers and the visible link, the same address.
      const mail = await server.mail.waitFor(member.email, new RegExp(name), 30_000);
      const unsubscribeUrl = /^<([^>]+)>$/.exec(mail.headers['list-unsubscribe'] ?? '')?.[1] ?? '';
      expect(unsubscribeUrl).toMatch(/\/unsubscribe\/[A-Za-z0-9_-]{43}$/);
      expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
      expect(mail.links).toContain(unsubscribeUrl);

      // The member reveals their code on Home; a reload shows the same one.
      await signIn(page, member);
      await page.goto('/');
      const section = page.locator('#private-sale');
      await expect(section.getByRole('heading', { level: 2 })).toBeVisible();
      await section.getByRole('button', { name: p.home.reveal }).click();
      const code = await section.getByTestId('sale-code').textContent();
      expect(code).toMatch(/^C\d+-[ABC]$/);
      await axeClean(page);
      await shot('home-code');
      await page.reload();
      await expect(page.locator('#private-sale').getByTestId('sale-code')).toHaveText(code ?? '');

      // Unsubscribing from the mail's link, signed out: the page asks first; the button withdraws.
      const stranger = await browser.newContext({ viewport: { width, height: 900 } });
      const link = await stranger.newPage();
      await link.goto(unsubscribeUrl.replace(/^https?:\/\/[^/]+/, server.url));
      await expect(link.getByRole('heading', { name: p.unsubscribe.title, level: 1 })).toBeVisible();
      await axeClean(link);
      await link.screenshot({
        path: `test-results/sales-unsubscribe-${locale}-${width}.png`,
        fullPage: true,
      });
      await link.getByRole('button', { name: p.unsubscribe.confirm }).click();
      await expect(link.getByText(p.unsubscribe.done)).toBeVisible();
      await axeClean(link);
      await link.screenshot({
        path: `test-results/sales-unsubscribed-${locale}-${width}.png`,
        fullPage: true,
      });
      await stranger.close();

      // The member's privacy centre shows the withdrawal, from the link.
      await page.goto('/help/privacy');
      await expect(page.getByText(place).first()).toBeVisible();
    });
  }
}
