import { useContext, useMemo } from 'react';
import type { Locale } from '#shared/config.ts';
import { schemeTimeZone } from '#shared/domain/date-format.ts';
import { formatMoney, formatPoints, majorUnits, minorUnitDigits } from '#shared/domain/format.ts';
import { useConfig } from '../config-context.tsx';
import { StaffContext } from './staff-context.tsx';

/** How the console writes numbers, money and moments in the scheme's locale and time zone. */
export interface StaffFormat {
  locale: Locale;
  /** The scheme's own currency (its first allowed one): the burn rate's pass balance is in it. */
  currency: string;
  /** Money held in minor units, in the currency's major unit: £75.50, 75,50 kr. */
  money: (minorUnits: number, currency: string) => string;
  /** Whole points with the locale's grouping: 12,500 (en-GB), 12.500 (da-DK). */
  points: (points: number) => string;
  /** A day: 2 Mar 2025 (en-GB), 2. mar. 2025 (da-DK); a YYYY-MM-DD day is read as that day. */
  day: (moment: string) => string;
  /** A moment to the minute: 2 Mar 2025, 14:05 (en-GB), 2. mar. 2025 14.05 (da-DK). */
  minute: (moment: string) => string;
  /** A moment to the second (the audit log): 2 Mar 2025, 14:05:09. */
  second: (moment: string) => string;
}

/** A YYYY-MM-DD day (as the server sends days) at noon UTC: the same day in London and Copenhagen. */
function momentOf(text: string): Date {
  return /^\d{4}-\d{2}-\d{2}$/.test(text) ? new Date(`${text}T12:00:00Z`) : new Date(text);
}

function staffFormat(locale: Locale, currency: string): StaffFormat {
  const timeZone = schemeTimeZone(locale);
  const days = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone });
  const minutes = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone });
  const seconds = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium', timeZone });
  return {
    locale,
    currency,
    money: (minor, cur) => formatMoney(minor, cur, locale),
    points: (points) => formatPoints(points, locale),
    day: (moment) => days.format(momentOf(moment)),
    minute: (moment) => minutes.format(momentOf(moment)),
    second: (moment) => seconds.format(momentOf(moment)),
  };
}

export function useStaffFormat(): StaffFormat {
  const { locale } = useConfig();
  const currency = useContext(StaffContext)?.currency ?? 'GBP';
  return useMemo(() => staffFormat(locale, currency), [locale, currency]);
}

// The console and the operator CLI read typed amounts by one rule.
export { parseMajorUnits } from '#shared/domain/format.ts';

/** Minor units as the number a staff member would type in the major unit: 50 → "0.50" (en-GB), "0,50" (da-DK). */
export function majorUnitsText(minorUnits: number, currency: string, locale: Locale): string {
  const digits = minorUnitDigits(currency);
  return new Intl.NumberFormat(locale, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    useGrouping: false,
  }).format(majorUnits(minorUnits, currency));
}
