import { describe, expect, it } from 'vitest';
import { canReadAnalysis } from './analysis-access';
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
