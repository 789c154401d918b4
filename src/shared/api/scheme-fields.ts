import { z } from 'zod';
import { text } from './text.ts';

/**
 * Fields staff fill in the console for the scheme's content (private sales, events, style guides):
 * one text in each of the scheme's locales, a description kept as one paragraph, and a moment.
 */

/** Text in each of the scheme's locales, each required. */
export const bothLocales = (max: number, what: string) =>
  z.object({
    'en-GB': text({ error: `Write the ${what} in English` })
      .min(1, `Write the ${what} in English`)
      .max(max),
    'da-DK': text({ error: `Write the ${what} in Danish` })
      .min(1, `Write the ${what} in Danish`)
      .max(max),
  });

/** A description may be typed on several lines; it is kept as one paragraph. */
export const oneParagraph = (value: unknown) =>
  typeof value === 'string' ? value.replace(/\s*\r?\n\s*/g, ' ') : value;

/** A moment with its offset, as the console's date and time fields send it. */
export const moment = z.iso.datetime({ offset: true, error: 'Give a date and time' });
