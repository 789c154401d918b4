import { readFile } from 'node:fs/promises';
import { daDK } from '../../src/web/i18n/da-DK.ts';
import { enGB } from '../../src/web/i18n/en-GB.ts';
import { eventsDaDK } from '../../src/web/i18n/events-da-DK.ts';
import { eventsEnGB } from '../../src/web/i18n/events-en-GB.ts';
import { staffDaDK } from '../../src/web/i18n/staff-da-DK.ts';
import { staffEnGB } from '../../src/web/i18n/staff-en-GB.ts';
import { staffScanDaDK } from '../../src/web/i18n/staff-scan-da-DK.ts';
import { staffScanEnGB } from '../../src/web/i18n/staff-scan-en-GB.ts';
import { expect, test } from './fixtures.ts';
import { addAuthenticator, axeClean, createStaff, scannerBurst } from './staff-helpers.ts';

export const eventLocales = {
  'en-GB': {
    locale: 'en-GB',
    w: staffEnGB,
    e: eventsEnGB,
    scan: staffScanEnGB,
    nav: enGB.nav,
    promoted: /^A place is yours/,
  },
  'da-DK': {
    locale: 'da-DK',
    w: staffDaDK,
    e: eventsDaDK,
    scan: staffScanDaDK,
    nav: daDK.nav,
    promoted: /^Der er en plads til dig/,
  },
} as const;

/**
 * Events end to end, at a phone's and a desk's width: a manager creates an event of one place in
 * the console; a member answers yes and downloads its calendar file and its Apple Wallet pass (and
 * is sent to Google Wallet's save page); a second member joins the
 * waitlist and has the place, by email, when the first cancels; staff check the second in by typing
 * the ticket on the scan screen, and a second scan (the USB scanner's burst) is refused with the time.
 */
export function eventJourneys({
  locale,
  w,
  e,
  scan,
  nav,
  promoted,
}: (typeof eventLocales)[keyof typeof eventLocales]) {
  for (const width of [375, 1280]) {
    test(`${locale} at ${width} px: staff create an event, members answer, the waitlist moves up, a ticket is checked in`, async ({
      page,
      browser,
      server,
      createMember,
      signIn,
    }) => {
      test.setTimeout(150_000);
      await page.setViewportSize({ width, height: 900 });
      const shot = (target: typeof page, name: string) =>
        target.screenshot({ path: `test-results/events-${name}-${locale}-${width}.png`, fullPage: true });
      const first = await createMember({ name: 'Ada Lovelace' });
      const second = await createMember({ name: 'Mary Somerville' });

      // A manager creates an evening of one place at a venue.
      const { path } = await createStaff(server, 'manager');
      await addAuthenticator(page);
      await page.goto(path);
      await page.getByRole('button', { name: w.enrol.button }).click();
      await expect(page.getByRole('heading', { name: w.search.title })).toBeVisible();
      await page
        .getByRole('navigation', { name: w.navigation })
        .getByRole('link', { name: w.nav.events })
        .click();
      const s = e.staff;
      await expect(page.getByRole('heading', { name: s.title, level: 1 })).toBeVisible();
      const title = `Soirée ${locale} ${width}`;
      await page.getByLabel(s.titleEn).fill(title);
      await page.getByLabel(s.titleDa).fill(title);
      await page.getByLabel(s.descriptionEn).fill('The new season, with drinks and our stylists.');
      await page.getByLabel(s.descriptionDa).fill('Den nye sæson, med forfriskninger og vores stylister.');
      await page.getByLabel(s.placeKind).selectOption('venue');
      await page.getByLabel(s.venueName, { exact: true }).fill('The Gallery');
      await page.getByLabel(s.venueAddress).fill('2 Cork Street, London');
      await page.getByLabel(s.capacity).fill('1');
      await page.getByLabel(s.guestsAllowed).selectOption('0');
      await axeClean(page);
      await shot(page, 'console-form');
      await page.getByRole('button', { name: s.save }).click();
      await expect(page.getByText(s.created)).toBeVisible();
      const row = page.getByRole('row').filter({ hasText: title });
      await expect(row).toContainText(s.places('0', '1'));
      await axeClean(page);
      await shot(page, 'console-list');

      // The first member answers yes, sees the ticket and downloads the calendar file.
      const memberContext = await browser.newContext({ viewport: { width, height: 900 } });
      const member = await memberContext.newPage();
      await signIn(member, first);
      // Home invites them (its lazy section); the members' navigation offers Events (behind the menu
      // button on a phone).
      await member.goto('/');
      await expect(member.locator('#event').getByRole('link', { name: e.home.see })).toBeVisible();
      await axeClean(member);
      await shot(member, 'member-home');
      if (width < 800) await member.getByRole('button', { name: nav.openMenu }).click();
      await member.getByRole('link', { name: nav.events }).click();
      await expect(member.getByRole('heading', { name: e.page.title, level: 1 })).toBeVisible();
      const card = member.getByRole('article', { name: title });
      await expect(card).toBeVisible();
      await card.getByRole('button', { name: e.page.yes }).click();
      await expect(card.getByText(e.page.attending)).toBeVisible();
      await expect(card.getByRole('img', { name: e.page.ticketAlt })).toBeVisible();
      await axeClean(member);
      await shot(member, 'member-ticket');
      const download = member.waitForEvent('download');
      await card.getByRole('link', { name: e.page.addToCalendar }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe('event.ics');
      const ics = await readFile((await file.path()) ?? '', 'utf8');
      expect(ics).toContain(`SUMMARY:${title}`);
      expect(ics).toContain('BEGIN:VEVENT');
      // Beside it, the membership card's wallet badges for the ticket: Apple downloads a signed pass.
      const wallet = card.getByRole('navigation', { name: e.page.walletLabel });
      const apple = wallet.getByRole('link', { name: e.page.addToAppleWallet });
      await expect(apple).toBeVisible();
      await expect(wallet.getByRole('button', { name: e.page.addToGoogleWallet })).toBeVisible();
      const passDownload = member.waitForEvent('download');
      await apple.click();
      expect((await passDownload).suggestedFilename()).toBe('event-ticket.pkpass');
      const pass = await member.request.get((await apple.getAttribute('href')) ?? '');
      expect(pass.headers()['content-type']).toBe('application/vnd.apple.pkpass');
      // Google's badge asks for the save link and goes there (Google's page stubbed).
      const googlePage = await memberContext.newPage();
      await googlePage.route('https://pay.google.com/**', (route) =>
        route.fulfill({ contentType: 'text/html', body: '<title>Google Wallet</title>' }),
      );
      await googlePage.goto('/events');
      await googlePage
        .getByRole('article', { name: title })
        .getByRole('button', { name: e.page.addToGoogleWallet })
        .click();
      await googlePage.waitForURL(/^https:\/\/pay\.google\.com\/gp\/v\/save\/[\w-]+\.[\w-]+\.[\w-]+$/);
      await googlePage.close();

      // The second member finds it full and joins the waitlist.
      const otherContext = await browser.newContext({ viewport: { width, height: 900 } });
      const other = await otherContext.newPage();
      await signIn(other, second);
      await other.goto('/events');
      const theirCard = other.getByRole('article', { name: title });
      await expect(theirCard.getByText(e.page.full)).toBeVisible();
      await theirCard.getByRole('button', { name: e.page.joinWaitlist }).click();
      await expect(theirCard.getByText(e.page.waitlisted(1))).toBeVisible();
      await axeClean(other);
      await shot(other, 'member-waitlist');

      // The first cancels: the place goes to the second, who is told by email.
      await card.getByRole('button', { name: e.page.cancelPlace }).click();
      await card.getByRole('button', { name: e.page.confirmYes }).click();
      await expect(card.getByText(e.page.gaveUp)).toBeVisible();
      const mail = await server.mail.waitFor(second.email, promoted, 30_000);
      expect(mail.subject).toContain(title);
      await other.reload();
      await expect(other.getByRole('article', { name: title }).getByText(e.page.attending)).toBeVisible();
      await axeClean(other);
      await shot(other, 'member-promoted');
      const events = await other.request.get('/api/events');
      const ticket = (
        (await events.json()) as { events: { title: string; mine: { ticket: string } }[] }
      ).events.find((event) => event.title === title)?.mine.ticket;
      expect(ticket).toMatch(/^EVT[0-9A-F]{96}$/);

      // Staff check the second member in: the ticket typed and Enter; a second scan (a USB
      // scanner's burst, focus anywhere) is refused with the time.
      await page
        .getByRole('navigation', { name: w.navigation })
        .getByRole('link', { name: w.nav.scan })
        .click();
      await expect(page.getByRole('heading', { name: scan.title, level: 1 })).toBeVisible();
      await page.getByLabel(scan.code).fill(ticket ?? '');
      await page.getByLabel(scan.code).press('Enter');
      await expect(page.getByText(scan.ticket.checkedIn('Mary Somerville'))).toBeVisible();
      await expect(page.getByRole('region', { name: 'Mary Somerville' })).toContainText(title);
      await axeClean(page);
      await shot(page, 'scan-checked-in');
      await page.getByRole('heading', { name: scan.title, level: 1 }).click();
      await scannerBurst(page, ticket ?? '');
      await expect(page.getByRole('alert')).toContainText(scan.ticket.already('TIME').split('TIME')[0] ?? '');
      await axeClean(page);
      await shot(page, 'scan-already');

      // The guest list shows the check-in.
      await page
        .getByRole('navigation', { name: w.navigation })
        .getByRole('link', { name: w.nav.events })
        .click();
      await page.getByRole('link', { name: title }).click();
      await expect(page.getByRole('heading', { name: s.guestList.title(title), level: 1 })).toBeVisible();
      const guest = page.getByRole('row').filter({ hasText: 'Mary Somerville' });
      await expect(guest).not.toContainText(s.guestList.notYet);
      await axeClean(page);
      await shot(page, 'console-guests');
      await memberContext.close();
      await otherContext.close();
    });
  }
}
