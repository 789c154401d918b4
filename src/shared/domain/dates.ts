import { format, type Locale } from 'date-fns';

/** SPEC §9: history dates read "do MMMM yyyy", without the year in the current year. */
export function formatHistoryDate(date: Date, now: Date, locale?: Locale): string {
  const pattern = date.getFullYear() === now.getFullYear() ? 'do MMMM' : 'do MMMM yyyy';
  return format(date, pattern, locale ? { locale } : {});
}

/** SPEC §9: member since reads "MMMM yyyy". */
export function formatMemberSince(date: Date, locale?: Locale): string {
  return format(date, 'MMMM yyyy', locale ? { locale } : {});
}
