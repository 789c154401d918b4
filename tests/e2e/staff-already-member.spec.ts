import { test } from './fixtures.ts';
import { alreadyMemberJourneys } from './staff-already-member-journey.ts';
import { staffLocales } from './staff-locale-journey.ts';

test.use({ loyaltyConfig: { locale: 'en-GB' } });
alreadyMemberJourneys(staffLocales['en-GB']);
