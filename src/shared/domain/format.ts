import { formatted } from './primed-formats.ts';

// Intl's formatters are costly to make (a Home made one per number it showed, a few milliseconds of
// its hydration on a slow phone) and cheap to reuse: one per locale and currency, made when first used.
const formatters = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, currency?: string): Intl.NumberFormat {
  const key = `${locale} ${currency ?? ''}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.NumberFormat(
      locale,
      currency ? { style: 'currency', currency } : { maximumFractionDigits: 0 },
    );
    formatters.set(key, format);
  }
  return format;
}

/** Whole points with the locale's digit grouping: 12,500 (en-GB), 12.500 (da-DK). */
export function formatPoints(points: number, locale: string): string {
  return formatted(`points ${locale} ${points}`, () => numberFormat(locale).format(points));
}

/** Digits of a currency's minor unit: GBP 2 (pence), JPY 0, KWD and BHD 3 (fils). */
export function minorUnitDigits(currency: string): number {
  return numberFormat('en', currency).resolvedOptions().maximumFractionDigits ?? 2;
}

/** An amount held in minor units in the currency's major unit: 1234 pence is 12.34, 500 yen is 500. */
export function majorUnits(minorUnits: number, currency: string): number {
  return minorUnits / 10 ** minorUnitDigits(currency);
}

/**
 * An amount typed in the major unit ("0.50", "0,50", "2") as minor units (50, 50, 200), or null when
 * it is not a positive amount with at most the currency's decimals.
 */
export function parseMajorUnits(text: string, currency: string): number | null {
  const digits = minorUnitDigits(currency);
  const match = /^(\d{1,7})(?:[.,](\d*))?$/.exec(text.trim());
  if (!match) return null;
  const fraction = match[2] ?? '';
  if (fraction.length > digits) return null;
  return Number(match[1]) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
}

/** Money held in minor units (pence), shown in the locale's currency format. */
export function formatMoney(minorUnits: number, currency: string, locale: string): string {
  return formatted(`money ${locale} ${currency} ${minorUnits}`, () =>
    numberFormat(locale, currency).format(majorUnits(minorUnits, currency)),
  );
}
