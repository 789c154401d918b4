import { eventJourneys, eventLocales } from './events-journey.ts';

// Events in en-GB: see events-journey.ts.
eventJourneys(eventLocales['en-GB']);
