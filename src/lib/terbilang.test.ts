import { describe, expect, it } from 'vitest';
import { terbilang } from './terbilang';

describe('terbilang', () => {
  it.each([
    [0, 'nol'],
    [1, 'satu'],
    [10, 'sepuluh'],
    [11, 'sebelas'],
    [12, 'dua belas'],
    [19, 'sembilan belas'],
    [20, 'dua puluh'],
    [21, 'dua puluh satu'],
    [100, 'seratus'],
    [111, 'seratus sebelas'],
    [205, 'dua ratus lima'],
    [1_000, 'seribu'],
    [1_001, 'seribu satu'],
    [2_000, 'dua ribu'],
    [11_000, 'sebelas ribu'],
    [100_000, 'seratus ribu'],
    [149_000, 'seratus empat puluh sembilan ribu'],
    [1_399_000, 'satu juta tiga ratus sembilan puluh sembilan ribu'],
    [2_799_000, 'dua juta tujuh ratus sembilan puluh sembilan ribu'],
    [1_000_000_000, 'satu miliar'],
    [5_000_001_000, 'lima miliar seribu'],
  ])('%i → %s', (n, words) => {
    expect(terbilang(n)).toBe(words);
  });

  it('refuses what it cannot spell', () => {
    expect(() => terbilang(-1)).toThrow(RangeError);
    expect(() => terbilang(1.5)).toThrow(RangeError);
  });
});
