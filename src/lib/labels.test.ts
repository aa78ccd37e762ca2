import { describe, expect, it } from 'vitest';
import { optionsOf, RATING_LABEL, TIER_LABEL, typeTitle } from './labels';
import { RATINGS } from '../domain/analyses';
import { TIERS } from '../domain/tiers';

describe('optionsOf', () => {
  it("pairs each value with its words in the enumeration's order", () => {
    expect(optionsOf(TIERS, TIER_LABEL)).toEqual([
      ['gratis', 'Gratis'],
      ['reguler', 'Reguler'],
      ['premium', 'Premium'],
    ]);
    expect(optionsOf(RATINGS, RATING_LABEL).map(([v]) => v)).toEqual(['beli', 'tahan', 'jual']);
  });
});

describe('typeTitle', () => {
  it('starts the lower-case type word with a capital and keeps the rest', () => {
    expect(typeTitle('buy')).toBe('Beli');
    expect(typeTitle('rights_exercise')).toBe('Tebus HMETD');
    expect(typeTitle('tender')).toBe('Tender offer');
  });
});
