import { format } from 'date-fns';
import { da } from 'date-fns/locale/da';
import { enGB } from 'date-fns/locale/en-GB';
import type { Locale } from '../config.ts';

const dateLocales = { 'en-GB': enGB, 'da-DK': da } as const;

/** A date in one of the SPEC §9 patterns, in the configured locale's words (Danish months for da-DK). */
export function formatDate(date: Date | string, pattern: string, locale: Locale): string {
  return format(typeof date === 'string' ? new Date(date) : date, pattern, { locale: dateLocales[locale] });
}

/** SPEC §9: member since shows "MMMM yyyy" (November 2026; november 2026 in Danish). */
export function formatMemberSince(date: Date | string, locale: Locale): string {
  return formatDate(date, 'MMMM yyyy', locale);
}

/** SPEC §9: history dates show "do MMMM yyyy", without the year in the current year. */
export function formatHistoryDate(date: Date | string, locale: Locale, now: Date = new Date()): string {
  const value = typeof date === 'string' ? new Date(date) : date;
  const pattern = value.getFullYear() === now.getFullYear() ? 'do MMMM' : 'do MMMM yyyy';
  return formatDate(value, pattern, locale);
}
