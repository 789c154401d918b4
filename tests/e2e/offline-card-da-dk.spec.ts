import { test } from './fixtures.ts';
import { offlineCardJourneys } from './offline-card-journeys.ts';

test.use({ loyaltyConfig: { locale: 'da-DK' } });

offlineCardJourneys('da-DK');
