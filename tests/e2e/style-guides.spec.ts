import { test } from './fixtures.ts';
import { guideLocales, styleGuideJourneys } from './style-guides-journey.ts';

// Style guides in en-GB: see style-guides-journey.ts. The journey moves the clock: a server of its own.
test.use({ loyaltyConfig: { locale: 'en-GB', magicLinkExpiryMinutes: 14 } });
styleGuideJourneys(guideLocales['en-GB']);
