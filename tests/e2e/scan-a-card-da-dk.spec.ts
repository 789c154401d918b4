import { test } from './fixtures.ts';
import { cameraBrowser, scanJourneys } from './scan-a-card-journey.ts';

// Scan a card in a da-DK scheme (kroner, Danish words): see scan-a-card-journey.ts.
test.use({ ...cameraBrowser, loyaltyConfig: { locale: 'da-DK', allowedCurrencies: ['DKK'] } });
scanJourneys('da-DK');
