import { eventJourneys, eventLocales } from './events-journey.ts';
import { test } from './fixtures.ts';

// Events in the scheme's locale (da-DK): see events-journey.ts.
test.use({ loyaltyConfig: { locale: 'da-DK', allowedCurrencies: ['DKK'] } });
eventJourneys(eventLocales['da-DK']);
