import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Barcode, barcodeHeights } from './barcode.tsx';

describe('Barcode (SPEC §2 Membership card, §9)', () => {
  it('barcode: draws CODE128 bars with the card number as text', () => {
    const { getByRole } = render(<Barcode value="6300001000011" label="Card number 6300001000011" />);
    const svg = getByRole('img', { name: 'Card number 6300001000011' });
    expect(svg.querySelectorAll('rect').length).toBeGreaterThan(20);
    expect(svg.textContent).toBe('6300001000011');
    expect(svg.getAttribute('viewBox')).toMatch(/^0 0 \d+ \d+$/);
    expect(svg.getAttribute('data-barcode-height')).toBe(String(barcodeHeights.default));
  });

  it('barcode: is greyed out when disabled (§9)', () => {
    const { getByRole } = render(<Barcode value="6300001000011" label="Card" disabled height={80} />);
    const svg = getByRole('img');
    expect(svg.getAttribute('aria-disabled')).toBe('true');
    expect(svg.innerHTML).toMatch(/#9a9a9a/i);
    expect(svg.innerHTML).not.toMatch(/fill:\s*#000000|fill="#000000"/i);
  });
});
