import { pendingPillJourneys } from './pending-pill-journeys.ts';

pendingPillJourneys('en-GB');
