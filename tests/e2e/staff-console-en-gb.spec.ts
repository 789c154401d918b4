import { test } from './fixtures.ts';
import { staffLocaleJourneys, staffLocales } from './staff-locale-journey.ts';

// The console in the scheme's locale and currency (en-GB, GBP): see staff-locale-journey.ts.
test.use({ loyaltyConfig: { locale: 'en-GB', allowedCurrencies: ['GBP'] } });
staffLocaleJourneys(staffLocales['en-GB']);
