import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatHistoryDate, formatMemberSince } from './date-format.ts';

describe('date formats, properties (SPEC §9)', () => {
  const now = new Date(2026, 10, 21, 12);
  // The year a date falls in where the scheme is (en-GB: London), which history dates follow.
  const londonYear = (date: Date) =>
    Number(new Intl.DateTimeFormat('en-GB', { year: 'numeric', timeZone: 'Europe/London' }).format(date));

  it('history: "do MMMM yyyy", without the year in the current year', () => {
    expect(formatHistoryDate(new Date(Date.UTC(2026, 2, 3, 12)), 'en-GB', now)).toBe('3rd March');
    expect(formatHistoryDate(new Date(Date.UTC(2025, 11, 22, 12)), 'en-GB', now)).toBe('22nd December 2025');
    expect(formatHistoryDate(new Date(Date.UTC(2024, 0, 1, 12)), 'en-GB', now)).toBe('1st January 2024');
    expect(formatHistoryDate(new Date(Date.UTC(2025, 11, 22, 12)), 'da-DK', now)).toBe('22. december 2025');
  });

  it('history: shows the year exactly when the date is in another year', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date(2000, 0, 1), max: new Date(2040, 0, 1), noInvalidDate: true }),
        (date) => {
          const text = formatHistoryDate(date, 'en-GB', now);
          expect(text.endsWith(String(londonYear(date)))).toBe(londonYear(date) !== londonYear(now));
          expect(text).toMatch(/^\d{1,2}(st|nd|rd|th) [A-Z][a-z]+( \d{4})?$/);
        },
      ),
    );
  });

  it('member since: "MMMM yyyy"', () => {
    expect(formatMemberSince(new Date(2024, 5, 9), 'en-GB')).toBe('June 2024');
    expect(formatMemberSince(new Date(2024, 5, 9), 'da-DK')).toBe('juni 2024');
  });
});
