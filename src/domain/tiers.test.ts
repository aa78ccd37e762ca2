import { describe, expect, it } from 'vitest';
import { tierAtLeast, TIERS, type Tier } from './tiers';

describe('tierAtLeast', () => {
  const table: [Tier, Tier, boolean][] = [
    ['gratis', 'gratis', true],
    ['gratis', 'reguler', false],
    ['gratis', 'premium', false],
    ['reguler', 'gratis', true],
    ['reguler', 'reguler', true],
    ['reguler', 'premium', false],
    ['premium', 'gratis', true],
    ['premium', 'reguler', true],
    ['premium', 'premium', true],
  ];
  it.each(table)('%s has what %s needs: %s', (have, need, expected) => {
    expect(tierAtLeast(have, need)).toBe(expected);
  });
  it('orders the tiers gratis < reguler < premium', () => {
    expect(TIERS).toEqual(['gratis', 'reguler', 'premium']);
  });
});
