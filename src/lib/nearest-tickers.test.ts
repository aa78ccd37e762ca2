import { describe, expect, it } from 'vitest';
import { editDistance, nearestTickers } from './nearest-tickers';
import type { EmitenIndexEntry } from './emiten-suggest';

const entry = (t: string, m: number): EmitenIndexEntry => ({ t, n: `PT ${t} Tbk`, s: 'Keuangan', ss: 'Bank', m });
const INDEX = [entry('BBCA', 1_000), entry('BBRI', 800), entry('BMRI', 700), entry('BBNI', 300), entry('TLKM', 400)];

describe('editDistance', () => {
  it.each([
    ['BBCA', 'BBCA', 0],
    ['BBCX', 'BBCA', 1],
    ['BBAC', 'BBCA', 1],
    ['BCA', 'BBCA', 1],
    ['BBCAA', 'BBCA', 1],
    ['TLKM', 'BBCA', 4],
    ['', 'ABC', 3],
  ])('%s → %s is %i', (a, b, d) => {
    expect(editDistance(a, b)).toBe(d);
    expect(editDistance(b, a)).toBe(d);
  });
});

describe('nearestTickers', () => {
  it('suggests the nearest codes, nearest first, then the larger company', () => {
    expect(nearestTickers(INDEX, 'bbcx').map((e) => e.t)).toEqual(['BBCA', 'BBRI', 'BBNI']);
    expect(nearestTickers(INDEX, ' BBAC ').map((e) => e.t)[0]).toBe('BBCA');
    expect(nearestTickers(INDEX, 'TLKN').map((e) => e.t)).toEqual(['TLKM']);
  });

  it('suggests nothing for a listed code, a far one, or text that is not a code', () => {
    expect(nearestTickers(INDEX, 'BBCA')).toEqual([]);
    expect(nearestTickers(INDEX, 'ZZZZ')).toEqual([]);
    expect(nearestTickers(INDEX, 'bank central')).toEqual([]);
    expect(nearestTickers(INDEX, 'X')).toEqual([]);
  });
});
