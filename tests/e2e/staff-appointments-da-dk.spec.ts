import { appointmentsDatabase } from './appointments-journeys.ts';
import { test } from './fixtures.ts';
import { staffAppointmentJourneys } from './staff-appointments-journey.ts';

// The scheme in Danish and kroner, its store in Copenhagen.
test.use({
  loyaltyConfig: { locale: 'da-DK', allowedCurrencies: ['DKK'] },
  prepareDatabase: appointmentsDatabase('Europe/Copenhagen'),
});
staffAppointmentJourneys('da-DK');
