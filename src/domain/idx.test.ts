import { describe, expect, it } from 'vitest';
import { ceilToTick, floorToTick, isOnTick, roundToTick, tickSize, tradeFee } from './idx';

describe('IDX price grid', () => {
  it.each([
    [1, 1],
    [199, 1],
    [200, 2],
    [499, 2],
    [500, 5],
    [1_995, 5],
    [2_000, 10],
    [4_990, 10],
    [5_000, 25],
    [25_000, 25],
  ])('tick size at Rp %i is Rp %i', (price, tick) => {
    expect(tickSize(price)).toBe(tick);
  });
  it.each([
    [198, true],
    [201, false],
    [202, true],
    [505, true],
    [507, false],
    [2_010, true],
    [2_015, false],
    [5_025, true],
    [5_010, false],
    [0, false],
    [100.5, false],
  ])('Rp %d on the grid: %s', (price, ok) => {
    expect(isOnTick(price)).toBe(ok);
  });
  it.each([
    [201.4, 200, 202],
    [507, 505, 505],
    [4_996, 4_990, 5_000],
    [5_012, 5_000, 5_000],
    [5_013, 5_000, 5_025],
    [199.6, 199, 200],
  ])('floors %d to %d and rounds to %d', (price, floor, round) => {
    expect(floorToTick(price)).toBe(floor);
    expect(roundToTick(price)).toBe(round);
  });
});

describe('fees', () => {
  it('rounds to the Rupiah, half up', () => {
    expect(tradeFee(1_000_000, 15)).toBe(1_500);
    expect(tradeFee(333_333, 15)).toBe(500);
    expect(tradeFee(1_000_000, 25)).toBe(2_500);
    expect(tradeFee(100, 15)).toBe(0);
  });
});

describe('ceilToTick', () => {
  it.each([
    [0.4, 1],
    [199.5, 200],
    [201, 202],
    [499, 500],
    [1_999, 2_000],
    [4_991, 5_000],
    [9_288.22, 9_300],
    [9_300, 9_300],
  ])('%d goes up to %d', (price, tick) => {
    expect(ceilToTick(price)).toBe(tick);
    expect(isOnTick(ceilToTick(price))).toBe(true);
  });
});
