import { offlineCardJourneys } from './offline-card-journeys.ts';

offlineCardJourneys('en-GB');
