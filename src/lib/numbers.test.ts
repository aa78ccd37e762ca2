import { describe, expect, it } from 'vitest';
import { decimalPlaces, isAmbiguousComma, parseIdNumber } from './numbers';

describe('parseIdNumber', () => {
  it.each([
    ['8950', 8_950],
    ['8.950', 8_950],
    ['1.234.567', 1_234_567],
    ['1.234,5', 1_234.5],
    ['187,5', 187.5],
    ['187.5', 187.5],
    ['0.125', 0.125],
    ['0,125', 0.125],
    [' Rp 9.500 ', 9_500],
    ['Rp9.500', 9_500],
    ['-12', -12],
    ['1 000', 1_000],
  ])('reads %j as %d', (text, n) => {
    expect(parseIdNumber(text)).toBe(n);
  });

  it.each(['', 'abc', '1,234,567', '1.23.4', '12e3', '1..2', ',5', '0.125.000'])('refuses %j', (text) => {
    expect(parseIdNumber(text)).toBeUndefined();
  });
});

describe('decimalPlaces', () => {
  it.each([
    [8_950, 0],
    [187.5, 1],
    [0.1234, 4],
    [0.00001, 5],
  ])('%d has %d', (n, places) => {
    expect(decimalPlaces(n)).toBe(places);
  });
});

describe('isAmbiguousComma', () => {
  it('flags a comma followed by exactly three digits', () => {
    for (const t of ['1,650', '12,250', 'Rp 1,250', '999,999']) expect(isAmbiguousComma(t), t).toBe(true);
  });
  it('leaves the unambiguous forms alone', () => {
    for (const t of ['1.650', '1650', '1,65', '187,5', '1,2500', '1.234,567', '0,125'])
      expect(isAmbiguousComma(t), t).toBe(false);
  });
});
