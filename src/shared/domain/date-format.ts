import { format } from 'date-fns/format';
import { da } from 'date-fns/locale/da';
import { enGB } from 'date-fns/locale/en-GB';
import type { Locale } from '../config.ts';

const dateLocales = { 'en-GB': enGB, 'da-DK': da } as const;

/** A date in one of the SPEC §9 patterns, in the configured locale's words (Danish months for da-DK). */
function formatDate(date: Date | string, pattern: string, locale: Locale): string {
  return format(typeof date === 'string' ? new Date(date) : date, pattern, { locale: dateLocales[locale] });
}

/**
 * The scheme's time zone, from its configured locale: where its stores are, so the web page and the
 * wallet pass (made on the server, in no member's time zone) agree on the month a member joined.
 */
const schemeTimeZones: Record<Locale, string> = {
  'en-GB': 'Europe/London',
  'da-DK': 'Europe/Copenhagen',
};

/** The scheme's time zone (see above): the day points expire on is a day there. */
export function schemeTimeZone(locale: Locale): string {
  return schemeTimeZones[locale];
}

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
 * time zone on the web and on the pass alike (docs/decisions.md, "Member since in the scheme's time zone").
 */
export function formatMemberSince(date: Date | string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, {
    month: 'long',
    year: 'numeric',
    timeZone: schemeTimeZones[locale],
  }).format(typeof date === 'string' ? new Date(date) : date);
}

/** The calendar day a moment falls on in the scheme's time zone, as a local date date-fns can format. */
function schemeDay(date: Date, locale: Locale): Date {
  const parts = schemeDayFormats[locale].formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return new Date(part('year'), part('month') - 1, part('day'));
}

const dayFormat = (locale: Locale) =>
  new Intl.DateTimeFormat('en-GB', {
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    timeZone: schemeTimeZones[locale],
  });
const schemeDayFormats: Record<Locale, Intl.DateTimeFormat> = {
  'en-GB': dayFormat('en-GB'),
  'da-DK': dayFormat('da-DK'),
};

/**
 * SPEC §9: history dates show "do MMMM yyyy", without the year in the current year. The day is the
 * one in the scheme's time zone, as for member since: the server renders Home's recent activity in no
 * member's time zone, and the browser must read the same day when it hydrates that HTML.
 */
export function formatHistoryDate(date: Date | string, locale: Locale, now: Date = new Date()): string {
  const day = schemeDay(typeof date === 'string' ? new Date(date) : date, locale);
  const pattern = day.getFullYear() === schemeDay(now, locale).getFullYear() ? 'do MMMM' : 'do MMMM yyyy';
  return formatDate(day, pattern, locale);
}
