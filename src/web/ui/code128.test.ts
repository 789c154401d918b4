import { describe, expect, it } from 'vitest';
import { code128Modules } from './code128.ts';

/** Modules as jsbarcode 3.12 drew them, before the card's barcode was ours: the card must not change. */
const drawnBefore: [value: string, modules: string][] = [
  [
    '6300001000011',
    '110100111001010011000011011001100110110011001100100010011011001100110011011001110101111010011100110111011001001100011101011',
  ],
  [
    '630100000001',
    '11010011100101001100001100110110011011001100110110011001101100110011001101100100001101001100011101011',
  ],
  ['12345', '1101001110010110011100100010110001110101111011011100100111011010001100011101011'],
  ['7', '1101001000011101101110111010011001100011101011'],
  [
    'AB-1234',
    '11010010000101000110001000101100010011011100101110111101011001110010001011000101001111001100011101011',
  ],
  [
    'Order 2024-0001',
    '110100100001000111011010010011110100001001101011001000010010011110110110011001011101111011001001110111010011001110101111010011011100101110111101101100110011001101100111101010001100011101011',
  ],
  [
    '12a34567',
    '1101001110010110011100101111011101001011000011001011100101110111101011101100010000101100100110100001100011101011',
  ],
];

describe('CODE128 modules', () => {
  it.each(drawnBefore)(
    '%s: the same bars as before (set C for digit pairs, A or B and back for the rest)',
    (value, modules) => {
      expect(code128Modules(value)).toBe(modules);
    },
  );

  it('a character of the other set between two runs of one set is shifted, not switched there and back', () => {
    // Start B, a, SHIFT, NUL (set A), b, check, stop: 6 symbols of 11 modules and the 13-module stop.
    expect(code128Modules('a\u0000b')).toHaveLength(6 * 11 + 13);
  });

  it('refuses what CODE128 cannot carry', () => {
    expect(() => code128Modules('')).toThrow(RangeError);
    expect(() => code128Modules('café')).toThrow(RangeError);
  });
});
