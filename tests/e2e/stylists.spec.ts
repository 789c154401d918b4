import { stylistJourneys } from './stylists-journey.ts';

stylistJourneys('en-GB');
