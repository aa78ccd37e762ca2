import { describe, expect, it } from 'vitest';
import { canReadAnalysis, canSeeCall } from './analysis-access';
import type { Tier } from './tiers';

describe('canReadAnalysis', () => {
  it.each([
    [null, 'gratis', false],
    [null, 'premium', false],
    ['gratis', 'gratis', true],
    ['gratis', 'reguler', false],
    ['reguler', 'reguler', true],
    ['reguler', 'premium', false],
    ['premium', 'premium', true],
    ['premium', 'gratis', true],
  ] as [Tier | null, Tier, boolean][])('viewer %s, analysis %s → %s', (viewer, analysis, expected) => {
    expect(canReadAnalysis(viewer, analysis)).toBe(expected);
  });
});

describe('canSeeCall', () => {
  it("shows a free analysis' call to everyone, a paid one only to its tier and above", () => {
    expect(canSeeCall(null, 'gratis')).toBe(true);
    expect(canSeeCall(null, 'premium')).toBe(false);
    expect(canSeeCall('gratis', 'reguler')).toBe(false);
    expect(canSeeCall('reguler', 'premium')).toBe(false);
    expect(canSeeCall('reguler', 'reguler')).toBe(true);
    expect(canSeeCall('premium', 'premium')).toBe(true);
  });
});
