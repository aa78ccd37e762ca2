import { describe, expect, it } from 'vitest';
import { snapLevel, tierRank, tradingDaysAfter } from './alerts';

describe('alert levels on the IDX grid', () => {
  it.each([
    ['price_above', 9_010, 9_025, 25, true],
    ['price_below', 9_010, 9_000, 25, true],
    ['price_above', 9_025, 9_025, 25, false],
    ['price_below', 1_998, 1_995, 5, true],
    ['price_above', 1_998, 2_000, 10, true],
    ['price_above', 199, 199, 1, false],
    ['price_below', 201, 200, 2, true],
  ] as const)('%s %i → %i (step %i)', (kind, entered, level, step, moved) => {
    expect(snapLevel(kind, entered)).toEqual({ level, step, moved });
  });

  it('ranks tiers for SQL', () => {
    expect([tierRank('gratis'), tierRank('reguler'), tierRank('premium')]).toEqual([0, 1, 2]);
  });
});

describe('cum-date horizon', () => {
  it('counts trading days, skipping weekends and holidays', () => {
    // 2026-11-19 is a Thursday: Fri 20, (weekend), Mon 23, Tue 24.
    expect(tradingDaysAfter('2026-11-19', 3, new Set())).toBe('2026-11-24');
    expect(tradingDaysAfter('2026-11-19', 3, new Set(['2026-11-23']))).toBe('2026-11-25');
  });
});
