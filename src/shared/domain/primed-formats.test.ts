import { afterEach, describe, expect, it } from 'vitest';
import { formatHistoryDate, formatMemberSince } from './date-format.ts';
import { formatMoney, formatPoints } from './format.ts';
import { primeFormats, recordFormats } from './primed-formats.ts';

afterEach(() => primeFormats(undefined));

const now = new Date('2026-11-26T21:00:00Z');
const page = () =>
  [
    formatPoints(12_500, 'en-GB'),
    formatMoney(4_500, 'GBP', 'en-GB'),
    formatHistoryDate('2026-03-02T10:00:00Z', 'en-GB', now),
    formatMemberSince('2025-11-01T10:00:00Z', 'da-DK'),
  ].join(' | ');

describe('the strings the server formatted for a page', () => {
  it('are recorded by call while the server renders, and the render answers as without them', () => {
    const { result, formats } = recordFormats(page);
    expect(result).toBe('12,500 | £45.00 | 2nd March | november 2025');
    expect(Object.values(formats)).toEqual(['12,500', '£45.00', '2nd March', 'november 2025']);
  });

  it('are what the browser answers for the same calls, and only for those', () => {
    const { formats } = recordFormats(page);
    // Marked, to see that they are read rather than made again.
    primeFormats(Object.fromEntries(Object.entries(formats).map(([key, text]) => [key, `server ${text}`])));
    expect(page()).toBe('server 12,500 | server £45.00 | server 2nd March | server november 2025');
    expect(formatPoints(12_501, 'en-GB')).toBe('12,501');
    expect(formatMoney(4_500, 'EUR', 'en-GB')).toBe('€45.00');
    expect(formatPoints(12_500, 'da-DK')).toBe('12.500');
  });

  it('name the hour a history date was made in, as its year depends on the current one', () => {
    const { formats } = recordFormats(() => formatHistoryDate('2025-12-31T10:00:00Z', 'da-DK', now));
    primeFormats(Object.fromEntries(Object.keys(formats).map((key) => [key, 'server'])));
    expect(formatHistoryDate('2025-12-31T10:00:00Z', 'da-DK', new Date('2026-11-26T21:59:59Z'))).toBe(
      'server',
    );
    expect(formatHistoryDate('2025-12-31T10:00:00Z', 'da-DK', new Date('2026-11-26T22:00:00Z'))).toBe(
      '31. december 2025',
    );
  });

  it('are not recorded outside a server render', () => {
    formatPoints(7, 'en-GB');
    expect(recordFormats(() => null).formats).toEqual({});
  });
});
