import { test } from './fixtures.ts';
import { appointmentStore, scanAppointmentJourneys } from './scan-a-card-appointment-journey.ts';

// Today's appointment on Scan a card in an en-GB scheme: see scan-a-card-appointment-journey.ts.
test.use(appointmentStore);
scanAppointmentJourneys('en-GB');
