import { test } from './fixtures.ts';
import { appointmentStore, scanAppointmentJourneys } from './scan-a-card-appointment-journey.ts';

// Today's appointment on Scan a card in a da-DK scheme: see scan-a-card-appointment-journey.ts.
test.use({ ...appointmentStore, loyaltyConfig: { locale: 'da-DK', allowedCurrencies: ['DKK'] } });
scanAppointmentJourneys('da-DK');
