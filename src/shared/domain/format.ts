/** Whole points with the locale's digit grouping: 12,500 (en-GB), 12.500 (da-DK). */
export function formatPoints(points: number, locale: string): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(points);
}

/** Digits of a currency's minor unit: GBP 2 (pence), JPY 0, KWD and BHD 3 (fils). */
function minorUnitDigits(currency: string): number {
  return (
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2
  );
}

/** An amount held in minor units in the currency's major unit: 1234 pence is 12.34, 500 yen is 500. */
export function majorUnits(minorUnits: number, currency: string): number {
  return minorUnits / 10 ** minorUnitDigits(currency);
}

/** Money held in minor units (pence), shown in the locale's currency format. */
export function formatMoney(minorUnits: number, currency: string, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(
    majorUnits(minorUnits, currency),
  );
}
