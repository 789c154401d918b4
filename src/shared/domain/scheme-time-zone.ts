import type { Locale } from '../config.ts';

/**
 * The scheme's time zone, from its configured locale: where its stores are, so the web page and the
 * wallet pass (made on the server, in no member's time zone) agree on the month a member joined. A
 * module of its own so the browser's first load can name it without the date formats (warm-intl.ts).
 */
export const schemeTimeZones: Record<Locale, string> = {
  'en-GB': 'Europe/London',
  'da-DK': 'Europe/Copenhagen',
};

/** The scheme's time zone (see above): the day points expire on is a day there. */
export function schemeTimeZone(locale: Locale): string {
  return schemeTimeZones[locale];
}
