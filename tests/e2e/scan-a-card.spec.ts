import { test } from './fixtures.ts';
import { cameraBrowser, scanJourneys } from './scan-a-card-journey.ts';

// Scan a card in an en-GB scheme: see scan-a-card-journey.ts.
test.use(cameraBrowser);
scanJourneys('en-GB');
