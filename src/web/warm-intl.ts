import type { Locale } from '#shared/config.ts';
import { schemeTimeZone } from '#shared/domain/scheme-time-zone.ts';

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Makes the browser's first number and date formatters, each in a task of its own, before Home
 * hydrates (issue 13 §3, docs/decisions.md "Home's hydration without long tasks"). The first formatter
 * of each kind costs Chrome 20 to 50 ms on a desktop CPU (ICU gathers its locales and, for dates, the
 * zone's rules) and the next ones under a millisecond: made inside Home's render, that cost joined the
 * hydration's own work in one long task, four times longer on Lighthouse's slowed CPU.
 */
export async function warmIntl(locale: Locale): Promise<void> {
  await nextTask();
  new Intl.NumberFormat(locale).format(0);
  await nextTask();
  new Intl.DateTimeFormat(locale, { timeZone: schemeTimeZone(locale) }).format(0);
  await nextTask();
}
