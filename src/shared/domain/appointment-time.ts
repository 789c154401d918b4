import type { Locale } from '../config.ts';

// Appointments are written in the store's own time zone (a member abroad still meets their stylist at
// the store's 10:00), in the member's locale. Lazy screens and emails only: never in a first load.

const formats = new Map<string, Intl.DateTimeFormat>();

function format(locale: Locale, timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${JSON.stringify(options)}`;
  let found = formats.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formats.set(key, found);
  }
  return found;
}

/** "Tuesday, 1 December 2026 at 10:00"; "tirsdag den 1. december 2026 kl. 10.00". */
export function formatAppointmentTime(at: Date | string, locale: Locale, timeZone: string): string {
  return format(locale, timeZone, { dateStyle: 'full', timeStyle: 'short' }).format(new Date(at));
}

/** "10:00"; "10.00". */
export function formatSlotTime(at: Date | string, locale: Locale, timeZone: string): string {
  return format(locale, timeZone, { timeStyle: 'short' }).format(new Date(at));
}

/** "Tue 1 Dec"; "tir. 1. dec.": short, as a grid of days needs. */
export function formatSlotDay(at: Date | string, locale: Locale, timeZone: string): string {
  return format(locale, timeZone, { weekday: 'short', day: 'numeric', month: 'short' }).format(new Date(at));
}

/** The calendar day (yyyy-mm-dd) of an instant in a zone: slots are grouped by the store's day. */
export function dayInZone(at: Date | string, timeZone: string): string {
  const parts = format('en-GB', timeZone, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date(at));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** Slots in order, grouped by the store's calendar day: [day (yyyy-mm-dd), its slots][]. */
export function slotsByDay<T extends { startsAt: string; store: { timeZone: string } }>(
  slots: readonly T[],
): [string, T[]][] {
  const byDay = new Map<string, T[]>();
  for (const slot of slots) {
    const key = dayInZone(slot.startsAt, slot.store.timeZone);
    byDay.set(key, [...(byDay.get(key) ?? []), slot]);
  }
  return [...byDay.entries()];
}
