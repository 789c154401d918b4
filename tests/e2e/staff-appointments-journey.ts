import type { Page } from '@playwright/test';
import { staffAppointmentsDaDK } from '../../src/web/i18n/staff-appointments-da-DK.ts';
import { staffAppointmentsEnGB } from '../../src/web/i18n/staff-appointments-en-GB.ts';
import { staffDaDK } from '../../src/web/i18n/staff-da-DK.ts';
import { staffEnGB } from '../../src/web/i18n/staff-en-GB.ts';
import { fixtureStylist } from './appointments-journeys.ts';
import { expect, type TestServer, test } from './fixtures.ts';
import { addAuthenticator, axeClean, createStaff } from './staff-helpers.ts';

/**
 * The console's Appointments at a desk's 1280 px and a phone's 375 px, in the scheme's locale: the
 * stylist's calendar, a phone booking for a member by card number (service, day, free time, note),
 * the booking in the week's calendar with its note, moved to another free time, and on its day
 * marked arrived. Axe clean at each step, with screenshots. The store, stylist and service are
 * written before the server starts (appointments-journeys.ts).
 */

export const staffAppointmentLocales = {
  'en-GB': { a: staffAppointmentsEnGB, s: staffEnGB, service: 'Styling session', sunday: 'Sunday' },
  'da-DK': { a: staffAppointmentsDaDK, s: staffDaDK, service: 'Stylingsession', sunday: 'Søndag' },
} as const;

async function enrol(
  page: Page,
  server: TestServer,
  s: typeof staffEnGB,
  role: 'support' | 'manager' = 'support',
) {
  const { path } = await createStaff(server, role);
  await addAuthenticator(page);
  await page.goto(path);
  await page.getByRole('button', { name: s.enrol.button }).click();
  await expect(page.getByRole('heading', { name: s.search.title })).toBeVisible();
}

/** Each width's own member and new service: the file's tests share one server per worker. */
const perWidth = {
  1280: { member: 'Rosa Lind', en: 'Colour consultation', da: 'Farverådgivning' },
  375: { member: 'Ida Holm', en: 'Wardrobe review', da: 'Garderobegennemgang' },
} as const;

export function staffAppointmentJourneys(locale: keyof typeof staffAppointmentLocales) {
  const { a, s, service, sunday } = staffAppointmentLocales[locale];
  for (const width of [1280, 375] as const) {
    const own = perWidth[width];
    test(`${locale} at ${width} px: a manager sets a service, the week and a day off`, async ({
      page,
      server,
    }, info) => {
      test.setTimeout(120_000);
      const t = a.setup;
      await page.setViewportSize({ width, height: 900 });
      await enrol(page, server, s, 'manager');
      await page
        .getByRole('navigation', { name: s.navigation })
        .getByRole('link', { name: s.nav.appointmentSetup })
        .click();
      await expect(page.getByRole('heading', { name: t.title, level: 1 })).toBeVisible();
      await expect(page.getByRole('article', { name: service })).toBeVisible();

      // A new service, in both languages, offered by the stylist.
      const added = page.getByRole('region', { name: t.newService });
      await added.getByRole('button', { name: t.newService }).click();
      await added.getByLabel(t.nameEn).fill(own.en);
      await added.getByLabel(t.nameDa).fill(own.da);
      await added.getByLabel(t.duration).fill('45');
      await added.getByLabel(t.buffer).fill('10');
      await added.getByRole('group', { name: t.stylists }).getByLabel(fixtureStylist).check();
      await added.getByRole('button', { name: t.saveService }).click();
      const name = locale === 'da-DK' ? own.da : own.en;
      await expect(page.getByRole('status').filter({ hasText: t.serviceSaved(name) })).toBeVisible();
      const saved = page.getByRole('article', { name });
      await expect(saved).toContainText(fixtureStylist);
      await expect(saved).toContainText('45');

      // The week: Sundays off, then saved; and a day off next week.
      const hours = page.getByRole('region', { name: t.hours });
      await expect(hours.getByLabel(t.stylist)).toHaveValue(/.+/);
      await hours.getByRole('group', { name: sunday }).getByLabel(t.works).uncheck();
      await hours.getByRole('button', { name: t.saveHours }).click();
      await expect(hours.getByRole('status').filter({ hasText: t.hoursSaved(fixtureStylist) })).toBeVisible();
      const nextWeek = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
      await hours.getByLabel(t.day, { exact: true }).fill(nextWeek);
      await hours.getByRole('button', { name: t.saveException }).click();
      await expect(hours.getByRole('status').filter({ hasText: t.exceptionSaved })).toBeVisible();
      await expect(hours.getByRole('listitem').filter({ hasText: t.dayOff })).toBeVisible();
      await axeClean(page);
      await page.screenshot({ path: info.outputPath(`${locale}-${width}-setup.png`), fullPage: true });

      // The new service is there to book.
      await page.reload();
      await expect(hours.getByRole('group', { name: sunday }).getByLabel(t.works)).not.toBeChecked();
      await page
        .getByRole('navigation', { name: s.navigation })
        .getByRole('link', { name: s.nav.appointments })
        .click();
      const form = page.getByRole('region', { name: a.book.title });
      await form.getByLabel(a.book.service).selectOption({ label: name });
      await expect(form.getByLabel(a.book.day)).toBeVisible();
    });

    test(`${locale} at ${width} px: the calendar, a phone booking, a move and arrived`, async ({
      page,
      server,
      createMember,
    }, info) => {
      test.setTimeout(120_000);
      const shot = (name: string) =>
        page.screenshot({ path: info.outputPath(`${locale}-${width}-${name}.png`), fullPage: true });
      await page.setViewportSize({ width, height: 900 });
      const member = await createMember({ name: own.member });
      await enrol(page, server, s);

      await page
        .getByRole('navigation', { name: s.navigation })
        .getByRole('link', { name: s.nav.appointments })
        .click();
      await expect(page.getByRole('heading', { name: a.title, level: 1 })).toBeVisible();
      await expect(page.getByRole('heading', { name: a.calendarOf(fixtureStylist) })).toBeVisible();
      await expect(page.getByLabel(a.stylist, { exact: true }).first()).toHaveValue(/.+/);
      await axeClean(page);
      await shot('calendar');

      // A phone booking: the card number, the service, the second day, its first time.
      const form = page.getByRole('region', { name: a.book.title });
      await form.getByLabel(a.book.card).fill('123');
      await form.getByLabel(a.book.service).selectOption({ label: service });
      const day = form.getByLabel(a.book.day);
      await expect(day).toBeVisible();
      await day.selectOption({ index: 1 });
      await form.getByLabel(a.book.slot).selectOption({ index: 1 });
      await form.getByLabel(a.book.note).fill('A suit for a wedding in March');
      // A card nobody has: refused at the field, nothing booked.
      await form.getByRole('button', { name: a.book.submit }).click();
      await expect(form.getByText(a.failures.MemberNotFound ?? 'MemberNotFound')).toBeVisible();
      await form.getByLabel(a.book.card).fill(member.loyaltyId);
      await form.getByLabel(a.book.slot).selectOption({ index: 1 });
      await form.getByRole('button', { name: a.book.submit }).click();
      await expect(form.getByRole('status')).toContainText(own.member);
      await axeClean(page);
      await shot('booked');

      // The week from today: the booking with its member, service and note; not yet due to arrive.
      await page.getByLabel(a.view).selectOption('7');
      const card = page.getByRole('article', { name: new RegExp(own.member) });
      await expect(card).toBeVisible();
      await expect(card.getByText('A suit for a wedding in March')).toBeVisible();
      await expect(card.getByText(service)).toBeVisible();
      await expect(card.getByText(a.statuses.booked, { exact: true })).toBeVisible();
      await expect(card.getByRole('button', { name: a.markArrived })).toHaveCount(0);
      await axeClean(page);
      await shot('week');

      // Moved to another free time.
      await card.getByRole('button', { name: a.move, exact: true }).click();
      await card.getByLabel(a.moveTo).selectOption({ index: 2 });
      const moved = page.waitForResponse((r) => new URL(r.url()).pathname === '/staff-api/appointments/move');
      await card.getByRole('button', { name: a.moveConfirm }).click();
      const { appointment } = (await (await moved).json()) as { appointment: { endsAt: string } };
      const movedWords = a.moved(own.member, '|').split('|')[0] ?? '';
      await expect(page.getByRole('status').filter({ hasText: movedWords })).toBeVisible();
      await expect(page.getByRole('article', { name: new RegExp(own.member) })).toBeVisible();

      // On the appointment's day (the browser's clock there), the desk marks the member arrived.
      await page.clock.setFixedTime(new Date(Date.parse(appointment.endsAt) + 3 * 3_600_000));
      await page.reload();
      await page.getByLabel(a.view).selectOption('7');
      const due = page.getByRole('article', { name: new RegExp(own.member) });
      await due.getByRole('button', { name: a.markArrived }).click();
      await expect(due.getByText(a.statuses.arrived, { exact: true })).toBeVisible();
      await expect(due.getByRole('button', { name: a.markArrived })).toHaveCount(0);
      await axeClean(page);
      await shot('arrived');
    });
  }
}
