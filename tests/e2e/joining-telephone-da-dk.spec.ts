import { test } from './fixtures.ts';
import { joiningTelephoneJourneys } from './joining-telephone-journeys.ts';

test.use({ loyaltyConfig: { locale: 'da-DK' } });

joiningTelephoneJourneys('da-DK');
