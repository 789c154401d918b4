import { useConfig } from '../config-context.tsx';
import { eventsDaDK } from '../i18n/events-da-DK.ts';
import { type EventsWords, eventsEnGB } from '../i18n/events-en-GB.ts';

/** Events' words in the scheme's language (their own chunk: see i18n/events-en-GB.ts). */
export function useEventsWords(): EventsWords {
  return useConfig().locale === 'da-DK' ? eventsDaDK : eventsEnGB;
}
