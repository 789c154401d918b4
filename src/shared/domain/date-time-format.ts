import type { Locale } from '../config.ts';
import { dayOrdinal, schemeDay } from './date-format.ts';
import { schemeTimeZones } from './scheme-time-zone.ts';

// A module of its own, beside date-format.ts: Home's first load needs none of it (lazy screens and
// the server's emails do).

const timeFormats: Partial<Record<Locale, Intl.DateTimeFormat>> = {};
const timeWords: Record<Locale, string> = { 'en-GB': 'at', 'da-DK': 'kl.' };

/**
 * A moment as the members' screens and emails write one: the day as history dates write it, always
 * with its year ("23rd November 2026 at 07:02 GMT"; "23. november 2026 kl. 08.02 CET"), then the time
 * in the scheme's time zone, named.
 */
export function formatDayAndTime(date: Date | string, locale: Locale): string {
  const moment = typeof date === 'string' ? new Date(date) : date;
  timeFormats[locale] ??= new Intl.DateTimeFormat(locale, {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: schemeTimeZones[locale],
    timeZoneName: 'short',
  });
  const { day, month, year } = schemeDay(moment, locale);
  return `${dayOrdinal(day, locale)} ${month} ${year} ${timeWords[locale]} ${timeFormats[locale].format(moment)}`;
}

/** A day as history dates write it, always with its year (an email is read later, maybe next year). */
export function formatDayWithYear(date: Date | string, locale: Locale): string {
  const moment = typeof date === 'string' ? new Date(date) : date;
  const { day, month, year } = schemeDay(moment, locale);
  return `${dayOrdinal(day, locale)} ${month} ${year}`;
}
