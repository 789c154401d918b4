import type { Locale } from '../config.ts';

/**
 * A member's telephone number, in the scheme's country: the locale's (en-GB: the United Kingdom,
 * da-DK: Denmark). One rule for the server and the edit-details screen, which checks it before
 * sending without carrying zod into the browser.
 *
 * A number is typed as the member knows it ("07700 900123", "+44 7700 900123", "0044 7700 900123";
 * "12 34 56 78", "+45 12345678") and kept in the international form, grouped for reading
 * ("+44 7700 900123", "+45 12 34 56 78"): staff can dial it from anywhere, and WhatsApp needs the
 * country code.
 */
interface Country {
  callingCode: string;
  /** The national significant number (no trunk 0, no country code). */
  national: RegExp;
  /** Whether the number is dialled at home with a leading 0 (the UK's trunk prefix). */
  trunkZero: boolean;
  group: (digits: string) => string;
}

const countries: Record<Locale, Country> = {
  'en-GB': {
    callingCode: '44',
    // Ten digits: geographic (01, 02, 03), mobile (07) and special-rate (08) numbers.
    national: /^[1237-8][0-9]{9}$/,
    trunkZero: true,
    group: (d) =>
      d.startsWith('2')
        ? `${d.slice(0, 2)} ${d.slice(2, 6)} ${d.slice(6)}`
        : `${d.slice(0, 4)} ${d.slice(4)}`,
  },
  'da-DK': {
    callingCode: '45',
    // Eight digits, never starting with 0 or 1 (Danish numbers have no area codes nor trunk prefix).
    national: /^[2-9][0-9]{7}$/,
    trunkZero: false,
    group: (d) => d.replace(/(\d{2})(?=\d)/g, '$1 '),
  },
};

/** The longest a typed number may be (separators included) before it is not looked at. */
export const telephoneMaxLength = 30;

/**
 * The number in its kept form, or null when it is not a number of the scheme's country. Spaces,
 * dashes, dots and brackets are separators; a leading + or 00 brings the country code.
 */
export function normaliseTelephone(typed: string, locale: Locale): string | null {
  const country = countries[locale];
  const trimmed = typed.trim();
  if (trimmed.length === 0 || trimmed.length > telephoneMaxLength) return null;
  if (!/^\+?[0-9 ().-]+$/.test(trimmed)) return null;
  let digits = trimmed.replace(/[^0-9]/g, '');
  const international = trimmed.startsWith('+') || digits.startsWith('00');
  if (international) {
    digits = digits.replace(/^00/, '');
    if (!digits.startsWith(country.callingCode)) return null;
    digits = digits.slice(country.callingCode.length);
    // "+44 (0)7700 900123": the trunk 0 some write in brackets after the country code.
    if (country.trunkZero && trimmed.includes('(0)')) digits = digits.replace(/^0/, '');
  } else if (country.trunkZero) {
    if (!digits.startsWith('0')) return null;
    digits = digits.slice(1);
  }
  if (!country.national.test(digits)) return null;
  return `+${country.callingCode} ${country.group(digits)}`;
}
