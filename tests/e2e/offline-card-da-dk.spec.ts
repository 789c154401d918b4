import { test } from './fixtures.ts';
import { offlineCardJourneys } from './offline-card-journeys.ts';

// A server of these journeys' own (the default link expiry, spelt out, makes the configuration theirs):
// one journey moves the server's clock fifteen days, which a shared server would carry into others.
test.use({ loyaltyConfig: { locale: 'da-DK', magicLinkExpiryMinutes: 10 } });

offlineCardJourneys('da-DK');
