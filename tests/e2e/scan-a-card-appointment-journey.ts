import type { Page } from '@playwright/test';
import { appointmentFixture } from '../support/appointments-fixture.ts';
import { expect, test } from './fixtures.ts';
import { enrol, scanLocales, shot } from './scan-a-card-journey.ts';
import { axeClean } from './staff-helpers.ts';

/**
 * Scan a card for a member with an appointment today, at 375 px (support) and 1280 px (manager) in
 * the scheme's locale: the look-up shows the appointment (service, stylist, time in the store's
 * zone, status; the member's note for the manager only), staff tap "Mark arrived" and the screen
 * says arrived, also when the card is scanned again; a member without one today sees nothing extra.
 */

const service = { 'en-GB': 'Styling session', 'da-DK': 'Stylingsession' } as const;
/** The member's own words, in the scheme's language. */
const notes = {
  'en-GB': 'A suit for a wedding in March',
  'da-DK': 'Et jakkesæt til et bryllup i marts',
} as const;

/**
 * The store's zone puts its clock near 06:00 now, so today has free slots all day whenever the test
 * runs (the stylist works 00:00-23:59 there): a fixed zone would have none late in its evening.
 */
function morningZone(): string {
  const offset = ((((6 - new Date().getUTCHours() + 12) % 24) + 24) % 24) - 12;
  // Etc/GMT zones are named with the sign reversed: Etc/GMT-5 is five hours ahead of UTC.
  return offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}

/** One store with a stylist working all day, written before the file's server starts. */
export const appointmentStore = {
  prepareDatabase: {
    run: async (db: Parameters<typeof appointmentFixture>[0]) => {
      await appointmentFixture(db, { timeZone: morningZone(), hours: ['00:00', '23:59'] });
    },
  },
};

/** Books the member's first free slot today through the console's own API, as a phone booking is. */
async function bookToday(page: Page, loyaltyId: string, note: string) {
  const booked = await page.evaluate(
    async ({ loyaltyId, note }) => {
      const json = { 'content-type': 'application/json', accept: 'application/json' };
      const setup = await (await fetch('/staff-api/appointments/setup')).json();
      // The fixture's service, stylist and store (the server also has a demo store of its own).
      const service = setup.services.find((s: { stylistIds: string[] }) => s.stylistIds.length > 0);
      const serviceId = service.id;
      const stylistId = service.stylistIds[0];
      const store = setup.stores.find((s: { id: string }) => s.id === service.storeIds[0]);
      const zone = store.timeZone;
      const slots = await (
        await fetch(`/staff-api/appointments/slots?serviceId=${serviceId}&stylistId=${stylistId}`)
      ).json();
      const day = (at: string | number) => new Date(at).toLocaleDateString('en-CA', { timeZone: zone });
      const slot = slots.slots.find((s: { startsAt: string }) => day(s.startsAt) === day(Date.now()));
      const response = await fetch('/staff-api/appointments/book', {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ loyaltyId, serviceId, stylistId, startsAt: slot.startsAt, note }),
      });
      return {
        status: response.status,
        startsAt: slot.startsAt as string,
        zone: zone as string,
        store: store.name as string,
      };
    },
    { loyaltyId, note },
  );
  expect(booked.status).toBe(201);
  return booked;
}

/** Types a card number and presses Enter; waits for the look-up's answer and the field to empty. */
async function lookUp(page: Page, loyaltyId: string, label: string) {
  const field = page.getByLabel(label);
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/staff-api/scan');
  await field.fill(loyaltyId);
  await field.press('Enter');
  await answered;
  await expect(field).toHaveValue('');
}

export function scanAppointmentJourneys(locale: keyof typeof scanLocales) {
  const { w, s } = scanLocales[locale];
  const a = w.appointment;
  const note = notes[locale];
  for (const [width, role] of [
    [375, 'support'],
    [1280, 'manager'],
  ] as const) {
    test(`${locale} at ${width} px as ${role}: today's appointment, Mark arrived`, async ({
      page,
      server,
      createMember,
    }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width, height: 900 });
      const member = await createMember({ name: 'Rosa Lind' });
      const without = await createMember({ name: 'Jens Holm' });
      await enrol(page, server, role, s);
      const { startsAt, zone, store } = await bookToday(page, member.loyaltyId, note);

      await page
        .getByRole('navigation', { name: s.navigation })
        .getByRole('link', { name: s.nav.scan })
        .click();
      // The tablet is in the appointment's store.
      await page.getByLabel(w.store).selectOption({ label: store });
      await lookUp(page, member.loyaltyId, w.code);
      const card = page.getByRole('region', { name: 'Rosa Lind' });
      const today = card.getByRole('region', { name: a.heading });
      await expect(today).toBeVisible();
      await expect(today.getByText(service[locale], { exact: true })).toBeVisible();
      await expect(today.getByText('Sophie Turner', { exact: true })).toBeVisible();
      // The time in the store's zone, written as the console's locale writes it.
      const time = new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone: zone }).format(
        new Date(startsAt),
      );
      await expect(today.getByText(time, { exact: false })).toBeVisible();
      await expect(today.getByText(a.booked, { exact: true })).toBeVisible();
      // The note is for managers (and the appointment's own stylist): left out for support.
      await expect(today.getByText(note)).toHaveCount(role === 'manager' ? 1 : 0);
      await axeClean(page);
      await shot(page, `appointment-${locale}-${width}-booked`);

      await today.getByRole('button', { name: a.markArrived }).click();
      await expect(today.getByText(a.arrived, { exact: true })).toBeVisible();
      await expect(today.getByRole('button', { name: a.markArrived })).toHaveCount(0);
      await expect(page.getByRole('status').filter({ hasText: a.markedArrived('Rosa Lind') })).toBeVisible();
      await axeClean(page);
      await shot(page, `appointment-${locale}-${width}-arrived`);

      // Scanned again: the server says arrived too.
      await lookUp(page, member.loyaltyId, w.code);
      await expect(page.getByRole('status')).toHaveCount(0);
      await expect(today.getByText(a.arrived, { exact: true })).toBeVisible();

      // A member with no appointment today: nothing extra.
      await lookUp(page, without.loyaltyId, w.code);
      await expect(page.getByRole('region', { name: 'Jens Holm' })).toBeVisible();
      await expect(page.getByRole('region', { name: a.heading })).toHaveCount(0);
      await axeClean(page);
    });
  }
}
