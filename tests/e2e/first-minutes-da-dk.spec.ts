import { firstMinutesJourneys } from './first-minutes-journeys.ts';
import { test } from './fixtures.ts';

test.use({ loyaltyConfig: { locale: 'da-DK' } });

firstMinutesJourneys('da-DK');
