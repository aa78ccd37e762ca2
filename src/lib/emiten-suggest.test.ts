import { describe, expect, it } from 'vitest';
import { UNIVERSE } from '../domain/universe';
import { normalise, shortName, suggestEmiten, type EmitenIndexEntry } from './emiten-suggest';

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

  it('limits the list', () => {
    expect(tickers('a', 3)).toHaveLength(3);
  });

  it('normalises names and shortens them for display', () => {
    expect(normalise('PT Bank Negara Indonesia (Persero) Tbk')).toBe('bank negara indonesia');
    expect(shortName('PT Bank Negara Indonesia (Persero) Tbk')).toBe('Bank Negara Indonesia');
    expect(shortName('PT H.M. Sampoerna Tbk')).toBe('H.M. Sampoerna');
  });
});
