/** "British Pound (£)" rather than the code alone; the code where the browser knows no name. */
export function currencyName(code: string, locale: string): string {
  try {
    const name = new Intl.DisplayNames([locale], { type: 'currency' }).of(code) ?? code;
    const symbol = new Intl.NumberFormat(locale, { style: 'currency', currency: code })
      .formatToParts(0)
      .find((part) => part.type === 'currency')?.value;
    return symbol && symbol !== code ? `${name} (${symbol})` : `${name} (${code})`;
  } catch {
    return code;
  }
}
