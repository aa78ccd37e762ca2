import { describe, expect, it } from 'vitest';
import { fromPrice, isPaidTier, PAID_TIERS, PLANS } from './plans';

describe('fromPrice', () => {
  it('is the cheapest plan a member can buy, the same figure the plan page lists first', () => {
    expect(fromPrice('reguler')).toBe(149_000);
    for (const tier of ['reguler', 'premium'] as const) {
      const cheapest = PLANS.filter((p) => p.tier === tier).sort((a, b) => a.price - b.price)[0]!;
      expect(fromPrice(tier)).toBe(cheapest.price);
      expect(cheapest.months).toBe(1);
    }
  });
});

describe('paid tiers', () => {
  it('are the tiers above gratis, in order, and only they read as paid', () => {
    expect(PAID_TIERS).toEqual(['reguler', 'premium']);
    for (const [value, paid] of [
      ['reguler', true],
      ['premium', true],
      ['gratis', false],
      ['Premium', false],
      ['', false],
      [null, false],
      ['constructor', false],
    ] as const)
      expect(isPaidTier(value), String(value)).toBe(paid);
  });
});
