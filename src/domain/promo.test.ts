import { describe, expect, it } from 'vitest';
import { MIN_PROMO_PRICE, promoDiscount } from './promo';

describe('promoDiscount', () => {
  it.each([
    [149_000, 'percent', 20, 29_800],
    [149_000, 'percent', 33, 49_170],
    [399_000, 'percent', 15, 59_850],
    [1_399_000, 'percent', 7, 97_930],
    // 33 % of 299 999 is 98 999,67: rounded down.
    [299_999, 'percent', 33, 98_999],
    [149_000, 'fixed', 50_000, 50_000],
    // Never below the floor.
    [149_000, 'fixed', 145_000, 149_000 - MIN_PROMO_PRICE],
    [149_000, 'percent', 100, 149_000 - MIN_PROMO_PRICE],
    [MIN_PROMO_PRICE, 'fixed', 5_000, 0],
  ] as const)('%i with %s %i takes off %i', (price, kind, value, discount) => {
    expect(promoDiscount(price, { kind, value })).toBe(discount);
  });
});
