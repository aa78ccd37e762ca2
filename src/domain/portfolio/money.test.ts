import { describe, expect, it } from 'vitest';
import { fromDayNumber, toDayNumber } from '../dates';
import {
  bonusShares,
  costOfSharesSold,
  Dec,
  divRoundHalfUp,
  dividendGross,
  dividendTax,
  sharesAfterSplit,
  tradeValue,
} from './money';

describe('rounding rules', () => {
  it.each([
    [7, 2, 4],
    [5, 2, 3],
    [4, 3, 1],
    [3001, 3, 1000],
    [2001, 2, 1001],
  ])('divRoundHalfUp(%i, %i) = %i', (p, d, q) => expect(divRoundHalfUp(p, d)).toBe(q));

  it('divides exactly beyond 2^53', () => {
    expect(divRoundHalfUp(2 ** 60 + 3, 2)).toBe(Number((2n ** 60n + 4n) / 2n));
  });

  it('removes cost in proportion, half up, and all of it on a full sell', () => {
    expect(costOfSharesSold(3001, 3, 1)).toBe(1000);
    expect(costOfSharesSold(2001, 2, 1)).toBe(1001);
    expect(costOfSharesSold(1000, 1, 1)).toBe(1000);
    expect(costOfSharesSold(360_540, 300, 100)).toBe(120_180);
    // cost × sold beyond 2^53 takes the BigInt path: 9e15 × 3 ÷ 7 = 3 857 142 857 142 857.14…
    expect(costOfSharesSold(9_000_000_000_000_000, 7, 3)).toBe(3_857_142_857_142_857);
  });

  it('values trades exactly', () => {
    expect(tradeValue(300, 1_250)).toBe(375_000);
    expect(tradeValue(3, 100.5)).toBe(302); // 301,5 → 302
  });

  it('splits, reverse splits and bonus shares round down', () => {
    expect(sharesAfterSplit(100, 1, 5)).toBe(500);
    expect(sharesAfterSplit(1_005, 10, 1)).toBe(100);
    expect(bonusShares(1_005, 10, 1)).toBe(100);
    expect(bonusShares(9, 10, 1)).toBe(0);
  });

  it('computes dividends exactly from decimal per-share amounts', () => {
    // 0.1 + 0.2 style binary errors would show here: 0.35 × 30 = 10.5 exactly → 11.
    expect(dividendGross(new Dec('0.35'), 30)).toBe(11);
    expect(dividendGross(new Dec('123.5'), 150)).toBe(18_525);
    expect(dividendGross(new Dec('33.3333'), 100)).toBe(3_333);
    expect(dividendTax(18_525, 10)).toBe(1_853); // 1 852,5 → 1 853
    expect(dividendTax(18_525, 0)).toBe(0);
  });
});

describe('day numbers', () => {
  it.each([
    ['1970-01-01', 0],
    ['2000-03-01', 11_017],
    ['2024-02-29', 19_782],
  ])('%s is day %i and back', (iso, day) => {
    expect(toDayNumber(iso)).toBe(day);
    expect(fromDayNumber(day)).toBe(iso);
  });

  it('rejects other formats', () => {
    expect(() => toDayNumber('2024-1-05')).toThrow(RangeError);
    expect(() => toDayNumber('05/01/2024')).toThrow(RangeError);
  });
});
