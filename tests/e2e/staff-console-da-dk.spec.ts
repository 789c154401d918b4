import { test } from './fixtures.ts';
import { staffLocaleJourneys, staffLocales } from './staff-locale-journey.ts';

// The console in the scheme's locale and currency (da-DK, DKK): see staff-locale-journey.ts.
test.use({ loyaltyConfig: { locale: 'da-DK', allowedCurrencies: ['DKK'] } });
staffLocaleJourneys(staffLocales['da-DK']);
