import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cardBalanceLabel,
  cashValueFor,
  exchangeBlock,
  exchangeOptions,
  maxConvertiblePoints,
} from './exchange.ts';

const rate = fc.record({
  pointsLevel: fc.integer({ min: 1, max: 5_000 }),
  cashValue: fc.integer({ min: 1, max: 10_000 }),
});
const balance = fc.integer({ min: 0, max: 2_000_000 });

describe('exchange maths (SPEC §9)', () => {
  it('exchange: cash value is always floor(points / pointsLevel) × cashValue', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), rate, (points, r) => {
        expect(cashValueFor(points, r)).toBe(Math.floor(points / r.pointsLevel) * r.cashValue);
      }),
    );
    expect(cashValueFor(1_499, { pointsLevel: 500, cashValue: 500 })).toBe(1_000);
    expect(cashValueFor(-5, { pointsLevel: 500, cashValue: 500 })).toBe(0);
  });

  it('exchange: the maximum is the largest whole multiple of pointsLevel within the balance', () => {
    fc.assert(
      fc.property(balance, rate, (b, r) => {
        const max = maxConvertiblePoints(b, r);
        expect(max % r.pointsLevel).toBe(0);
        expect(max).toBeLessThanOrEqual(b);
        expect(max + r.pointsLevel).toBeGreaterThan(b);
      }),
    );
  });

  it('exchange: dropdown options are multiples of pointsLevel, never more than the balance, ascending', () => {
    fc.assert(
      fc.property(balance, rate, (b, r) => {
        const options = exchangeOptions(b, r);
        for (const o of options) {
          expect(o % r.pointsLevel).toBe(0);
          expect(o).toBeGreaterThan(0);
          expect(o).toBeLessThanOrEqual(b);
        }
        expect([...options].sort((x, y) => x - y)).toEqual(options);
        expect(new Set(options).size).toBe(options.length);
      }),
    );
  });

  it('exchange: with more than 10 multiples only the first 5 and the last 5 are offered; else all of them', () => {
    fc.assert(
      fc.property(balance, rate, (b, r) => {
        const steps = Math.floor(b / r.pointsLevel);
        const options = exchangeOptions(b, r);
        const all = Array.from({ length: steps }, (_, i) => (i + 1) * r.pointsLevel);
        if (steps <= 10) expect(options).toEqual(all);
        else expect(options).toEqual([...all.slice(0, 5), ...all.slice(-5)]);
        if (steps > 0) expect(options.at(-1)).toBe(maxConvertiblePoints(b, r));
      }),
    );
    expect(exchangeOptions(3_085, { pointsLevel: 500, cashValue: 500 })).toEqual([
      500, 1000, 1500, 2000, 2500, 3000,
    ]);
    expect(exchangeOptions(499, { pointsLevel: 500, cashValue: 500 })).toEqual([]);
  });

  it('exchange: blocked under review, when unverified, without canConvert, or with no points (§5, §8)', () => {
    const ok = {
      underReview: false,
      emailIsVerified: true,
      accessRules: { canConvert: true },
      pointsBalance: 1,
    };
    expect(exchangeBlock(ok)).toBeNull();
    expect(exchangeBlock({ ...ok, underReview: true })).toBe('underReview');
    expect(exchangeBlock({ ...ok, emailIsVerified: false })).toBe('emailUnverified');
    expect(exchangeBlock({ ...ok, accessRules: { canConvert: false } })).toBe('cannotConvert');
    expect(exchangeBlock({ ...ok, pointsBalance: 0 })).toBe('noPoints');
  });
});

describe('card balance label (SPEC §4)', () => {
  it('label: "ready to spend" with cash and canRedeem, "unavailable" without canRedeem, none at zero', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000, max: 1_000_000 }), fc.boolean(), (cash, canRedeem) => {
        const label = cardBalanceLabel(cash, canRedeem);
        if (cash <= 0) expect(label).toBeNull();
        else expect(label).toBe(canRedeem ? 'readyToSpend' : 'readyToSpendUnavailable');
      }),
    );
  });
});
