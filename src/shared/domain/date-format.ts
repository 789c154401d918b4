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

/** A calendar day (YYYY-MM-DD, as the server sends days) as a local Date, for the formats above. */
export function calendarDay(day: string): Date {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year ?? 1970, (month ?? 1) - 1, date ?? 1);
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

/** SPEC §9: history dates show "do MMMM yyyy", without the year in the current year. */
export function formatHistoryDate(date: Date | string, locale: Locale, now: Date = new Date()): string {
  const value = typeof date === 'string' ? new Date(date) : date;
  const pattern = value.getFullYear() === now.getFullYear() ? 'do MMMM' : 'do MMMM yyyy';
  return formatDate(value, pattern, locale);
}
