import { describe, expect, it } from 'vitest';
import { callExpiry, currentCalls, recommend, riskClass, type Call, type StockStats } from './recommendations';

const T = 1_000_000_000_000;
const stats = (ticker: string, over: Partial<StockStats> = {}): StockStats => ({
  ticker,
  sector: 'Keuangan',
  board: 'Utama',
  marketCap: 500 * T,
  volatility: 0.2,
  profitable: true,
  ...over,
});
const call = (ticker: string, over: Partial<Call> = {}): Call => ({
  ticker,
  companyName: `PT ${ticker} Tbk`,
  rating: 'beli',
  targetPrice: 1200,
  date: '2026-10-01',
  horizon: 12,
  tier: 'gratis',
  title: `Analisis ${ticker}`,
  href: `/analisis/${ticker}/a`,
  lastClose: 1000,
  ...over,
});

describe('riskClass', () => {
  it.each([
    ['a large, calm, profitable bank', {}, 'rendah'],
    ['exactly at the low-risk limits', { marketCap: 100 * T, volatility: 0.25 }, 'rendah'],
    ['a mid cap', { marketCap: 50 * T }, 'sedang'],
    ['a volatile large cap', { volatility: 0.3 }, 'sedang'],
    ['a large cap in a cyclical sector', { sector: 'Energi' }, 'sedang'],
    ['a small cap', { marketCap: 5 * T }, 'tinggi'],
    ['a very volatile stock', { volatility: 0.45 }, 'tinggi'],
    ['a loss maker', { profitable: false }, 'tinggi'],
    ['a stock without a year of prices', { volatility: null }, 'tinggi'],
    ['a stock on the watch-list board', { board: 'Pemantauan Khusus' }, 'tinggi'],
    ['a large stock on the development board', { board: 'Pengembangan' }, 'sedang'],
  ] as const)('%s → %s', (_name, over, want) => {
    expect(riskClass(stats('XXXX', over)).riskClass).toBe(want);
  });

  it('says why a stock is not in a lower class', () => {
    expect(riskClass(stats('GOTO', { profitable: false, volatility: 0.5 })).reasons).toEqual([
      'volatilitas di atas 40 %',
      'rugi dalam 4 kuartal terakhir',
    ]);
  });
});

describe('recommend', () => {
  const s = new Map([
    ['BBCA', stats('BBCA')],
    ['ANTM', stats('ANTM', { sector: 'Barang Baku', marketCap: 40 * T })],
    ['GOTO', stats('GOTO', { profitable: false, volatility: 0.5 })],
    ['TLKM', stats('TLKM')],
    ['UNVR', stats('UNVR')],
  ]);
  const calls = [
    call('BBCA', { targetPrice: 1100 }),
    call('ANTM', { targetPrice: 1500 }),
    call('GOTO', { targetPrice: 2000 }),
    call('TLKM', { targetPrice: 1300 }),
    call('UNVR', { rating: 'jual', targetPrice: 800 }),
  ];
  const holdings = [
    { ticker: 'BBCA', shares: 1000, marketValue: 3_000_000, weight: 0.3 },
    { ticker: 'UNVR', shares: 500, marketValue: 1_000_000, weight: 0.1 },
    { ticker: 'TLKM', shares: 0, marketValue: 0, weight: 0 },
  ];
  const run = (profile: 'konservatif' | 'moderat' | 'agresif') =>
    recommend({ profile, calls, stats: s, holdings, today: '2026-11-20' });

  it('lists only the classes a profile allows, highest upside first', () => {
    expect(run('konservatif').fits.map((r) => r.call.ticker)).toEqual(['TLKM', 'BBCA']);
    expect(run('moderat').fits.map((r) => r.call.ticker)).toEqual(['ANTM', 'TLKM', 'BBCA']);
    expect(run('agresif').fits.map((r) => r.call.ticker)).toEqual(['GOTO', 'ANTM', 'TLKM', 'BBCA']);
  });

  it('marks holdings with their weight and flags weights above the profile limit', () => {
    const bbca = run('moderat').fits.find((r) => r.call.ticker === 'BBCA')!;
    expect(bbca.held).toMatchObject({ shares: 1000, weight: 0.3 });
    expect(bbca.overweight).toBe(true);
    const tlkm = run('moderat').fits.find((r) => r.call.ticker === 'TLKM')!;
    expect(tlkm.held).toBeNull();
  });

  it('warns about held stocks whose current call is Jual', () => {
    expect(run('konservatif').sellWarnings.map((w) => [w.call.ticker, w.held.weight])).toEqual([['UNVR', 0.1]]);
  });

  it('skips calls that are too risky, past their target, or past their horizon, saying why', () => {
    const r = recommend({
      profile: 'konservatif',
      calls: [call('GOTO'), call('TLKM', { targetPrice: 900 }), call('BBCA', { date: '2025-01-01', horizon: 12 })],
      stats: s,
      holdings: [],
      today: '2026-11-20',
    });
    expect(r.fits).toEqual([]);
    expect(r.skipped.map((k) => [k.call.ticker, k.why])).toEqual([
      ['BBCA', 'horizon rekomendasi sudah lewat'],
      ['GOTO', 'risiko tinggi tidak sesuai profil'],
      ['TLKM', 'harga sudah mencapai target'],
    ]);
  });
});

describe('currentCalls', () => {
  it('keeps the latest analysis of each ticker', () => {
    const rows = [
      { ticker: 'BBCA', date: '2026-02-03', rating: 'beli' },
      { ticker: 'BBCA', date: '2026-10-26', rating: 'tahan' },
      { ticker: 'ASII', date: '2026-11-02', rating: 'beli' },
    ];
    expect(currentCalls(rows).map((r) => `${r.ticker} ${r.rating}`)).toEqual(['ASII beli', 'BBCA tahan']);
  });
});

describe('callExpiry', () => {
  it('adds the horizon in months', () => {
    expect(callExpiry(call('BBCA', { date: '2026-02-03', horizon: 12 }))).toBe('2027-02-03');
  });
});
