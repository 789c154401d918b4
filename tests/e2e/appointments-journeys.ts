import type { Page } from '@playwright/test';
import { appointmentFixture } from '../support/appointments-fixture.ts';
import { seriousViolations, settle } from './axe.ts';
import { expect, test } from './fixtures.ts';

/** The words of the journey in each locale (quoted from the catalogues). */
export const appointmentWords = {
  'en-GB': {
    service: /Styling session/,
    book: 'Book an appointment',
    confirm: 'Confirm appointment',
    booked: /Your appointment is booked/,
    seeAll: 'See your appointments',
    change: 'Change the time',
    confirmMove: 'Confirm the new time',
    moved: /Your appointment has moved/,
    cancel: 'Cancel appointment',
    cancelYes: 'Yes, cancel it',
    cancelled: /Your appointment is cancelled/,
    none: 'You have no upcoming appointments.',
    note: 'A note for your stylist (optional)',
    subject: /^Booked: Styling session/,
  },
  'da-DK': {
    service: /Stylingsession/,
    book: 'Book en aftale',
    confirm: 'Bekræft aftalen',
    booked: /Din aftale er booket/,
    seeAll: 'Se dine aftaler',
    change: 'Skift tidspunkt',
    confirmMove: 'Bekræft det nye tidspunkt',
    moved: /Din aftale er flyttet/,
    cancel: 'Aflys aftalen',
    cancelYes: 'Ja, aflys den',
    cancelled: /Din aftale er aflyst/,
    none: 'Du har ingen kommende aftaler.',
    note: 'En note til din stylist (valgfri)',
    subject: /^Booket: Stylingsession/,
  },
} as const;

/** The journeys' own stylist, named apart from the demo data's Sophie Turner on the same server. */
export const fixtureStylist = 'Nora Lind';

/** The store and stylist of the file's server, written before it starts (no console screen makes them here). */
export function appointmentsDatabase(timeZone: string) {
  return {
    run: async (db: Parameters<typeof appointmentFixture>[0]) => {
      await appointmentFixture(db, { timeZone, stylistName: fixtureStylist });
    },
  };
}

async function axeClean(page: Page) {
  await settle(page);
  expect(await seriousViolations(page)).toEqual([]);
}

/** Book, change the time and cancel, at 375 and 1280 px, in the file's locale, axe clean, with screenshots. */
export function appointmentJourneys(locale: keyof typeof appointmentWords) {
  const w = appointmentWords[locale];
  for (const viewport of [
    { width: 375, height: 812 },
    { width: 1280, height: 900 },
  ]) {
    test.describe(`appointments at ${viewport.width} px (${locale})`, () => {
      test.use({ viewport });

      test('a member books a stylist, changes the time and cancels', async ({
        page,
        server,
        createMember,
        signIn,
      }, info) => {
        const member = await createMember({ name: 'Rosa Lind' });
        await signIn(page, member);
        await page.goto('/appointments');
        await expect(page.getByText(w.none)).toBeVisible();
        await page.getByRole('link', { name: w.book }).first().click();
        await expect(page).toHaveURL(/\/appointments\/book$/);
        await page.getByRole('radio', { name: w.service }).check();
        // One stylist offers it: chosen for the member; the days come.
        // A day after tomorrow: outside the change cut-off.
        await page.locator('fieldset').nth(2).getByRole('button').nth(2).click();
        await page.locator('fieldset').nth(3).getByRole('button').nth(1).click();
        await page.getByLabel(w.note).fill('A suit for a wedding in March');
        await axeClean(page);
        await page.screenshot({
          path: info.outputPath(`book-${locale}-${viewport.width}.png`),
          fullPage: true,
        });
        await page.getByRole('button', { name: w.confirm }).click();
        await expect(page.getByRole('status')).toContainText(w.booked);
        await axeClean(page);
        await page.screenshot({
          path: info.outputPath(`booked-${locale}-${viewport.width}.png`),
          fullPage: true,
        });
        const mail = await server.mail.waitFor(member.email, w.subject);
        expect(mail.text).toContain('A suit for a wedding in March');

        await page.getByRole('link', { name: w.seeAll }).click();
        await expect(page.getByText('A suit for a wedding in March')).toBeVisible();
        await axeClean(page);
        await page.screenshot({
          path: info.outputPath(`list-${locale}-${viewport.width}.png`),
          fullPage: true,
        });
        await page.getByRole('link', { name: w.change }).click();
        await page.locator('fieldset').nth(0).getByRole('button').nth(3).click();
        await page.locator('fieldset').nth(1).getByRole('button').first().click();
        await axeClean(page);
        await page.getByRole('button', { name: w.confirmMove }).click();
        await expect(page.getByRole('status')).toContainText(w.moved);

        await page.getByRole('link', { name: w.seeAll }).click();
        await page.getByRole('button', { name: w.cancel }).click();
        await page.getByRole('button', { name: w.cancelYes }).click();
        await expect(page.getByRole('status')).toContainText(w.cancelled);
        await expect(page.getByText(w.none)).toBeVisible();
        await axeClean(page);
        await page.screenshot({
          path: info.outputPath(`cancelled-${locale}-${viewport.width}.png`),
          fullPage: true,
        });
      });
    });
  }
}
