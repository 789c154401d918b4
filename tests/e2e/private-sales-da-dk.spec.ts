import { test } from './fixtures.ts';
import { privateSaleJourneys, saleLocales } from './private-sales-journey.ts';

// Private sales in the scheme's locale and currency (da-DK, DKK): see private-sales-journey.ts.
test.use({ loyaltyConfig: { locale: 'da-DK', allowedCurrencies: ['DKK'] } });
privateSaleJourneys(saleLocales['da-DK']);
