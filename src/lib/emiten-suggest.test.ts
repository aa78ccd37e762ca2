import { describe, expect, it } from 'vitest';
import { UNIVERSE } from '../server/demo/universe';
import { exactTicker, normalise, shortName, suggestEmiten, type EmitenIndexEntry } from './emiten-suggest';

const INDEX: EmitenIndexEntry[] = UNIVERSE.map((u) => ({ t: u.ticker, n: u.name, s: u.sector, ss: u.subSector }));
const tickers = (q: string, limit?: number) => suggestEmiten(INDEX, q, limit).map((e) => e.t);

describe('suggestEmiten', () => {
  it('puts the exact ticker first, then ticker prefixes', () => {
    expect(tickers('bbca')[0]).toBe('BBCA');
    expect(tickers('BB')).toEqual(['BBCA', 'BBNI', 'BBRI']);
  });

  it('finds companies by a word of their name, not by PT or Tbk', () => {
    expect(tickers('telkom')).toEqual(['TLKM']);
    expect(tickers('central asia')).toEqual(['BBCA']);
    expect(tickers('tbk')).toEqual([]);
    expect(tickers('  ')).toEqual([]);
  });

  it('finds every bank by sub-sector after name matches', () => {
    const banks = tickers('bank', 10);
    expect(banks.slice(0, 5).sort()).toEqual(['BBCA', 'BBNI', 'BBRI', 'BMRI', 'BRIS']);
  });

  it('ranks a name starting with the query before later name words, the sector, and then by size', () => {
    const sized: EmitenIndexEntry[] = UNIVERSE.map((u) => ({
      t: u.ticker,
      n: u.name,
      s: u.sector,
      ss: u.subSector,
      m: u.sharesOutstanding * u.basePrice,
    }));
    const tel = suggestEmiten(sized, 'tel', 8).map((e) => e.t);
    // Telkom starts with "tel", XLSmart Telecom has it as a later word, the rest only in their sub-sector
    // (Telekomunikasi before Ritel, where "tel" is inside a word).
    expect(tel.slice(0, 2)).toEqual(['TLKM', 'EXCL']);
    expect(tel.indexOf('ISAT')).toBeLessThan(tel.indexOf('AMRT'));
    // Same rank: bigger first.
    const banks = suggestEmiten(sized, 'bank', 5).map((e) => e.t);
    expect(banks[0]).toBe('BBCA');
  });

  it('finds an exact ticker in any case', () => {
    expect(exactTicker(INDEX, ' bbca ')?.t).toBe('BBCA');
    expect(exactTicker(INDEX, 'bbc')).toBeUndefined();
    expect(exactTicker(INDEX, 'ZZZZ')).toBeUndefined();
  });

  it('limits the list', () => {
    expect(tickers('a', 3)).toHaveLength(3);
  });

  it('normalises names and shortens them for display', () => {
    expect(normalise('PT Bank Negara Indonesia (Persero) Tbk')).toBe('bank negara indonesia');
    expect(shortName('PT Bank Negara Indonesia (Persero) Tbk')).toBe('Bank Negara Indonesia');
    expect(shortName('PT H.M. Sampoerna Tbk')).toBe('H.M. Sampoerna');
  });
});
