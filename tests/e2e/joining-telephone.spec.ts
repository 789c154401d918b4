import { joiningTelephoneJourneys } from './joining-telephone-journeys.ts';

joiningTelephoneJourneys('en-GB');
