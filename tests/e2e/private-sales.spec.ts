import { privateSaleJourneys, saleLocales } from './private-sales-journey.ts';

// Private sales in en-GB: see private-sales-journey.ts.
privateSaleJourneys(saleLocales['en-GB']);
