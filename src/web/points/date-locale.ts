import type { Locale as DateLocale } from 'date-fns';
import { da } from 'date-fns/locale/da';
import { enGB } from 'date-fns/locale/en-GB';
import type { Locale } from '#shared/config.ts';

/** date-fns locale of the configured app locale (month names, ordinals). */
export const dateLocales: Record<Locale, DateLocale> = { 'en-GB': enGB, 'da-DK': da };
