import { test } from './fixtures.ts';
import { guideLocales, styleGuideJourneys } from './style-guides-journey.ts';

// Style guides in the scheme's locale (da-DK): see style-guides-journey.ts. A server of its own.
test.use({ loyaltyConfig: { locale: 'da-DK', allowedCurrencies: ['DKK'], magicLinkExpiryMinutes: 14 } });
styleGuideJourneys(guideLocales['da-DK']);
