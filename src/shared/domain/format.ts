/** Whole points with the locale's digit grouping: 12,500 (en-GB), 12.500 (da-DK). */
export function formatPoints(points: number, locale: string): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(points);
}

/** Money held in minor units (pence), shown in the locale's currency format. */
export function formatMoney(minorUnits: number, currency: string, locale: string): string {
  const digits =
    new Intl.NumberFormat(locale, { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ??
    2;
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(minorUnits / 10 ** digits);
}
