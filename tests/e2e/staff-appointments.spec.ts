import { appointmentsDatabase } from './appointments-journeys.ts';
import { test } from './fixtures.ts';
import { staffAppointmentJourneys } from './staff-appointments-journey.ts';

// A store in London with a stylist and a service, written before the server starts.
test.use({ prepareDatabase: appointmentsDatabase('Europe/London') });
staffAppointmentJourneys('en-GB');
