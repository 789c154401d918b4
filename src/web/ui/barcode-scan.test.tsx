import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Barcode } from './barcode.tsx';

/** ISO/IEC 15417 CODE128 symbol patterns, values 0-106 (1 = bar module, 0 = space module). */
const patterns = [
  '11011001100',
  '11001101100',
  '11001100110',
  '10010011000',
  '10010001100',
  '10001001100',
  '10011001000',
  '10011000100',
  '10001100100',
  '11001001000',
  '11001000100',
  '11000100100',
  '10110011100',
  '10011011100',
  '10011001110',
  '10111001100',
  '10011101100',
  '10011100110',
  '11001110010',
  '11001011100',
  '11001001110',
  '11011100100',
  '11001110100',
  '11101101110',
  '11101001100',
  '11100101100',
  '11100100110',
  '11101100100',
  '11100110100',
  '11100110010',
  '11011011000',
  '11011000110',
  '11000110110',
  '10100011000',
  '10001011000',
  '10001000110',
  '10110001000',
  '10001101000',
  '10001100010',
  '11010001000',
  '11000101000',
  '11000100010',
  '10110111000',
  '10110001110',
  '10001101110',
  '10111011000',
  '10111000110',
  '10001110110',
  '11101110110',
  '11010001110',
  '11000101110',
  '11011101000',
  '11011100010',
  '11011101110',
  '11101011000',
  '11101000110',
  '11100010110',
  '11101101000',
  '11101100010',
  '11100011010',
  '11101111010',
  '11001000010',
  '11110001010',
  '10100110000',
  '10100001100',
  '10010110000',
  '10010000110',
  '10000101100',
  '10000100110',
  '10110010000',
  '10110000100',
  '10011010000',
  '10011000010',
  '10000110100',
  '10000110010',
  '11000010010',
  '11001010000',
  '11110111010',
  '11000010100',
  '10001111010',
  '10100111100',
  '10010111100',
  '10010011110',
  '10111100100',
  '10011110100',
  '10011110010',
  '11110100100',
  '11110010100',
  '11110010010',
  '11011011110',
  '11011110110',
  '11110110110',
  '10101111000',
  '10100011110',
  '10001011110',
  '10111101000',
  '10111100010',
  '11110101000',
  '11110100010',
  '10111011110',
  '10111101110',
  '11101011110',
  '11110101110',
  '11010000100',
  '11010010000',
  '11010011100',
  '1100011101011',
];

/** Reads the SVG as a scanner would: bar modules left to right, symbols, checksum, then the data. */
function scan(svg: SVGSVGElement, moduleWidth: number): string {
  const bars = [...svg.querySelectorAll('g rect')].map((rect) => ({
    x:
      Number(rect.getAttribute('x')) +
      Number(
        rect
          .closest('g')
          ?.getAttribute('transform')
          ?.match(/translate\(([\d.]+)/)?.[1] ?? 0,
      ),
    width: Number(rect.getAttribute('width')),
  }));
  const start = Math.min(...bars.map((b) => b.x));
  const end = Math.max(...bars.map((b) => b.x + b.width));
  let modules = '';
  for (let x = start; x < end; x += moduleWidth) {
    modules += bars.some((b) => x >= b.x && x < b.x + b.width) ? '1' : '0';
  }
  expect(modules.endsWith(patterns[106] ?? 'x')).toBe(true);
  const body = modules.slice(0, -13);
  const symbols: number[] = [];
  for (let i = 0; i < body.length; i += 11) {
    const value = patterns.indexOf(body.slice(i, i + 11));
    expect(value, `symbol at module ${i}`).toBeGreaterThanOrEqual(0);
    symbols.push(value);
  }
  const [startCode, ...rest] = symbols;
  const check = rest.pop();
  const sum = rest.reduce((acc, value, i) => acc + value * (i + 1), startCode ?? 0);
  expect(check).toBe(sum % 103);
  let set = startCode === 105 ? 'C' : startCode === 104 ? 'B' : 'A';
  let text = '';
  for (const value of rest) {
    if (value === 99) set = 'C';
    else if (value === 100) set = 'B';
    else if (value === 101) set = 'A';
    else text += set === 'C' ? String(value).padStart(2, '0') : String.fromCharCode(value + 32);
  }
  return text;
}

describe('Barcode is a real CODE128 symbol (SPEC §2 Membership card)', () => {
  it('barcode: a scanner decodes the card number, with a valid checksum', () => {
    for (const cardNumber of ['6300001000011', '630100000001', 'AB-1234']) {
      const { getByRole, unmount } = render(<Barcode value={cardNumber} label="card" />);
      expect(scan(getByRole('img') as unknown as SVGSVGElement, 2)).toBe(cardNumber);
      unmount();
    }
  });
});
