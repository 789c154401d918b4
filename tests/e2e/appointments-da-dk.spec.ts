import { appointmentJourneys, appointmentsDatabase } from './appointments-journeys.ts';
import { test } from './fixtures.ts';

// The scheme in Danish and kroner, its store in Copenhagen.
test.use({
  loyaltyConfig: { locale: 'da-DK', allowedCurrencies: ['DKK'] },
  prepareDatabase: appointmentsDatabase('Europe/Copenhagen'),
});
appointmentJourneys('da-DK');
