import { test } from './fixtures.ts';
import { pendingPillJourneys } from './pending-pill-journeys.ts';

test.use({ loyaltyConfig: { locale: 'da-DK' } });

pendingPillJourneys('da-DK');
