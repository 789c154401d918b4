import type { Locale } from '../config.ts';
import { formatted } from './primed-formats.ts';
import { schemeTimeZones } from './scheme-time-zone.ts';

export { schemeTimeZone } from './scheme-time-zone.ts';

/**
 * A calendar day (YYYY-MM-DD, as the server sends days) as a moment on that day in the scheme's time
 * zone (noon UTC is the same day in London and Copenhagen), for formatHistoryDate, which reads the
 * day there whatever the machine's zone.
 */
export function calendarDay(day: string): Date {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, date ?? 1, 12));
}

/**
 * SPEC §9: member since shows "MMMM yyyy" (November 2026; november 2026 in Danish), in the scheme's
 * time zone on the web and on the pass alike (docs/decisions/0036-member-since-in-the-schemes-time.md).
 */
export function formatMemberSince(date: Date | string, locale: Locale): string {
  const moment = typeof date === 'string' ? new Date(date) : date;
  return formatted(`member-since ${locale} ${moment.getTime()}`, () => {
    memberSinceFormats[locale] ??= new Intl.DateTimeFormat(locale, {
      month: 'long',
      year: 'numeric',
      timeZone: schemeTimeZones[locale],
    });
    return memberSinceFormats[locale].format(moment);
  });
}

// Each made when first used, for its locale alone: a formatter with a time zone costs a slow phone
// tens of milliseconds to make (ICU loads the zone's rules), so none is made when a module loads (Home's
// chunk made both locales' at its start, inside the task that evaluated it) and none is made twice.
const memberSinceFormats: Partial<Record<Locale, Intl.DateTimeFormat>> = {};
const schemeDayFormats: Partial<Record<Locale, Intl.DateTimeFormat>> = {};

/** The day, the month's name and the year a moment falls on in the scheme's time zone, in the locale's words. */
export function schemeDay(date: Date, locale: Locale): { day: number; month: string; year: string } {
  schemeDayFormats[locale] ??= new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: schemeTimeZones[locale],
  });
  const parts = schemeDayFormats[locale].formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return { day: Number(part('day')), month: part('month'), year: part('year') };
}

/** English ordinals (1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st…); Danish writes a full stop (2.). */
export function dayOrdinal(day: number, locale: Locale): string {
  if (locale === 'da-DK') return `${day}.`;
  const teen = day % 100 >= 11 && day % 100 <= 13;
  const suffix = teen ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[day % 10] ?? 'th');
  return `${day}${suffix}`;
}

/**
 * SPEC §9: history dates show "do MMMM yyyy" (2nd March 2025; 2. marts 2025), without the year in the
 * current year. The day is the one in the scheme's time zone, as for member since: the server renders
 * Home's recent activity in no member's time zone, and the browser must read the same day when it
 * hydrates that HTML. Intl names the months, so no date library is shipped for it
 * (docs/decisions/0064-first-load-budget-covers-landing-sign.md).
 */
export function formatHistoryDate(date: Date | string, locale: Locale, now: Date = new Date()): string {
  const moment = typeof date === 'string' ? new Date(date) : date;
  // The year shown depends on the scheme's current year, which changes on a whole hour of UTC (both
  // zones are whole hours from it): a string made within the same hour of UTC is the one this makes.
  const hour = Math.floor(now.getTime() / 3_600_000);
  return formatted(`history-date ${locale} ${moment.getTime()} ${hour}`, () => {
    const { day, month, year } = schemeDay(moment, locale);
    const shownYear = year === schemeDay(now, locale).year ? '' : ` ${year}`;
    return `${dayOrdinal(day, locale)} ${month}${shownYear}`;
  });
}

const shortDayFormats: Partial<Record<string, Intl.DateTimeFormat>> = {};

/**
 * The compact form of a day for the pending pill beside a history date ("Pending until 23 Dec";
 * "23. dec." in Danish): the day and the month's short name in the scheme's time zone, with the year
 * only when it is not the current one, short enough never to wrap on a 375 px phone. Everything else
 * writes days as formatHistoryDate does.
 */
export function formatShortDay(date: Date | string, locale: Locale, now: Date = new Date()): string {
  const moment = typeof date === 'string' ? new Date(date) : date;
  const hour = Math.floor(now.getTime() / 3_600_000);
  return formatted(`short-day ${locale} ${moment.getTime()} ${hour}`, () => {
    const withYear = schemeDay(moment, locale).year !== schemeDay(now, locale).year;
    const key = `${locale}${withYear ? ' year' : ''}`;
    shortDayFormats[key] ??= new Intl.DateTimeFormat(locale, {
      day: 'numeric',
      month: 'short',
      ...(withYear ? { year: 'numeric' } : {}),
      timeZone: schemeTimeZones[locale],
    });
    return shortDayFormats[key].format(moment);
  });
}
