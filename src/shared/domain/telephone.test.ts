import { describe, expect, it } from 'vitest';
import { normaliseTelephone } from './telephone.ts';

describe('telephone numbers in the scheme’s country', () => {
  it('en-GB: national and international forms of UK numbers, kept international and grouped', () => {
    for (const typed of [
      '07700 900123',
      '07700900123',
      '+44 7700 900123',
      '+447700900123',
      '0044 7700 900 123',
      '+44 (0)7700 900123',
      ' 07700-900-123 ',
    ])
      expect(normaliseTelephone(typed, 'en-GB'), typed).toBe('+44 7700 900123');
    expect(normaliseTelephone('020 7946 0000', 'en-GB')).toBe('+44 20 7946 0000');
    expect(normaliseTelephone('0161 496 0000', 'en-GB')).toBe('+44 1614 960000');
  });

  it('en-GB: refuses what is not a UK number', () => {
    for (const typed of [
      '',
      '7700 900123',
      '0770 090 012',
      '077009001234',
      '+45 12 34 56 78',
      '+1 202 555 0100',
      '07700 9OO123',
      'call me',
      '05700 900123',
    ])
      expect(normaliseTelephone(typed, 'en-GB'), typed).toBeNull();
  });

  it('da-DK: eight digits, with or without +45, grouped in pairs', () => {
    for (const typed of ['20 30 40 50', '20304050', '+45 20 30 40 50', '004520304050', '+45 2030 4050'])
      expect(normaliseTelephone(typed, 'da-DK'), typed).toBe('+45 20 30 40 50');
  });

  it('da-DK: refuses what is not a Danish number', () => {
    for (const typed of [
      '2030405',
      '203040506',
      '02 34 56 78',
      '12 34 56 78',
      '+44 7700 900123',
      '07700 900123',
    ])
      expect(normaliseTelephone(typed, 'da-DK'), typed).toBeNull();
  });
});
