import { appointmentJourneys, appointmentsDatabase } from './appointments-journeys.ts';
import { test } from './fixtures.ts';

// A store in London with a stylist and a service, written before the server starts.
test.use({ prepareDatabase: appointmentsDatabase('Europe/London') });
appointmentJourneys('en-GB');
