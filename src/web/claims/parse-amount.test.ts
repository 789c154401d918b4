import { describe, expect, it } from 'vitest';
import { parseAmount } from './api.ts';

describe('missing purchase: the amount as the member types it', () => {
  it('reads pounds and pence, with a point or a comma, with or without a currency sign', () => {
    expect(parseAmount('49.99')).toBe(4_999);
    expect(parseAmount('49,9')).toBe(4_990);
    expect(parseAmount('£120')).toBe(12_000);
    expect(parseAmount(' 15 ')).toBe(1_500);
    expect(parseAmount('kr 499,95')).toBe(49_995);
  });

  it('refuses what is not an amount, nothing, or zero', () => {
    for (const text of ['', 'abc', '49.999', '1,000.00', '-5', '0', '0.00', '12 34']) {
      expect(parseAmount(text), text).toBeNull();
    }
  });
});
