import { describe, expect, it } from 'vitest';
import { calendarDay, formatHistoryDate, formatMemberSince, formatShortDay } from './date-format.ts';
import { formatDayAndTime, formatDayWithYear } from './date-time-format.ts';

describe('date formats (SPEC §9)', () => {
  it('member since: MMMM yyyy in English and Danish', () => {
    expect(formatMemberSince('2026-11-03T10:00:00Z', 'en-GB')).toBe('November 2026');
    expect(formatMemberSince('2026-11-03T10:00:00Z', 'da-DK')).toBe('november 2026');
  });

  it("member since: the month in the scheme's time zone, whatever the machine's (UTC said June)", () => {
    // 23:30 UTC on 30 June is 00:30 on 1 July in London (BST) and 01:30 in Copenhagen (CEST).
    expect(formatMemberSince('2026-06-30T23:30:00Z', 'en-GB')).toBe('July 2026');
    expect(formatMemberSince('2026-06-30T23:30:00Z', 'da-DK')).toBe('juli 2026');
    // 23:30 UTC on 31 October is still 31 October in London (GMT), already November in Copenhagen (CET).
    expect(formatMemberSince('2026-10-31T23:30:00Z', 'en-GB')).toBe('October 2026');
    expect(formatMemberSince('2026-10-31T23:30:00Z', 'da-DK')).toBe('november 2026');
  });

  it('pending pill: the short day ("23 Dec"; "23. dec."), with the year only outside the current one', () => {
    const now = new Date('2026-12-01T12:00:00Z');
    expect(formatShortDay('2026-12-23T12:00:00Z', 'en-GB', now)).toBe('23 Dec');
    expect(formatShortDay('2026-12-23T12:00:00Z', 'da-DK', now)).toBe('23. dec.');
    expect(formatShortDay('2027-01-04T12:00:00Z', 'en-GB', now)).toBe('4 Jan 2027');
    // 23:30 UTC on 31 December is already 1 January in Copenhagen.
    expect(formatShortDay('2026-12-31T23:30:00Z', 'en-GB', now)).toBe('31 Dec');
    expect(formatShortDay('2026-12-31T23:30:00Z', 'da-DK', now)).toBe('1. jan. 2027');
  });

  it('emails: a day always with its year, a moment with its time and zone, in the history style', () => {
    expect(formatDayWithYear('2026-12-24T12:00:00Z', 'en-GB')).toBe('24th December 2026');
    expect(formatDayWithYear('2026-12-24T12:00:00Z', 'da-DK')).toBe('24. december 2026');
    expect(formatDayAndTime('2026-11-23T07:02:00Z', 'en-GB')).toBe('23rd November 2026 at 07:02 GMT');
    expect(formatDayAndTime('2026-11-23T07:02:00Z', 'da-DK')).toBe('23. november 2026 kl. 08.02 CET');
  });

  it('history: do MMMM yyyy, without the year in the current year', () => {
    const now = new Date('2026-12-01T12:00:00Z');
    expect(formatHistoryDate('2026-03-02T12:00:00Z', 'en-GB', now)).toBe('2nd March');
    expect(formatHistoryDate('2025-03-02T12:00:00Z', 'en-GB', now)).toBe('2nd March 2025');
    expect(formatHistoryDate('2025-03-02T12:00:00Z', 'da-DK', now)).toBe('2. marts 2025');
  });

  it("history: the day in the scheme's time zone, whatever the machine's", () => {
    const now = new Date('2026-12-01T12:00:00Z');
    // 23:30 UTC on 30 June is 1 July in London and Copenhagen; 23:30 UTC on 31 December 2025 is
    // already 2026 in Copenhagen, so it goes without its year there.
    expect(formatHistoryDate('2026-06-30T23:30:00Z', 'en-GB', now)).toBe('1st July');
    expect(formatHistoryDate('2026-06-30T23:30:00Z', 'da-DK', now)).toBe('1. juli');
    expect(formatHistoryDate('2025-12-31T23:30:00Z', 'en-GB', now)).toBe('31st December 2025');
    expect(formatHistoryDate('2025-12-31T23:30:00Z', 'da-DK', now)).toBe('1. januar');
  });

  it('a calendar day the server sends is that day, whatever the machine’s zone', () => {
    const now = new Date('2026-12-01T12:00:00Z');
    expect(formatHistoryDate(calendarDay('2026-03-01'), 'en-GB', now)).toBe('1st March');
    expect(formatHistoryDate(calendarDay('2027-01-01'), 'da-DK', now)).toBe('1. januar 2027');
  });
});

describe('history dates, every day of a year (SPEC §9)', () => {
  const now = new Date(Date.UTC(2026, 0, 1, 12));
  const english = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September'];
  const danish = ['januar', 'februar', 'marts', 'april', 'maj', 'juni', 'juli', 'august', 'september'];
  const more = { en: ['October', 'November', 'December'], da: ['oktober', 'november', 'december'] };
  const suffix = (day: number) =>
    [11, 12, 13].includes(day)
      ? 'th'
      : day % 10 === 1
        ? 'st'
        : day % 10 === 2
          ? 'nd'
          : day % 10 === 3
            ? 'rd'
            : 'th';

  it('names the day and month as en-GB and da-DK write them', () => {
    // Noon UTC: the same day in London and Copenhagen, whatever the machine's zone.
    for (
      let day = new Date(Date.UTC(2025, 0, 1, 12));
      day.getUTCFullYear() === 2025;
      day.setUTCDate(day.getUTCDate() + 1)
    ) {
      const d = day.getUTCDate();
      const m = day.getUTCMonth();
      expect(formatHistoryDate(day, 'en-GB', now)).toBe(
        `${d}${suffix(d)} ${[...english, ...more.en][m]} 2025`,
      );
      expect(formatHistoryDate(day, 'da-DK', now)).toBe(`${d}. ${[...danish, ...more.da][m]} 2025`);
    }
  });
});
