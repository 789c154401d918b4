import { test } from './fixtures.ts';
import { stylistJourneys } from './stylists-journey.ts';

test.use({ loyaltyConfig: { locale: 'da-DK', allowedCurrencies: ['DKK'] } });
stylistJourneys('da-DK');
