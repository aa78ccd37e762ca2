import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../../../tests/db';
import { corporateActions, dailyPrices, emiten, fundamentals } from '../../db/schema';
import type { LatestCall } from '../../content/latest-calls';
import { parseScreenQuery, runScreener } from './index';

const company = (ticker: string, sector: string, subSector: string, board: string, shares: number) => ({
  ticker,
  name: `PT ${ticker} Tbk`,
  sector,
  subSector,
  board,
  listingDate: '2010-01-04',
  sharesOutstanding: shares,
});
const bar = (ticker: string, date: string, close: number, high = close) => ({
  ticker,
  date,
  open: close,
  high,
  low: close,
  close,
  volume: 1,
});
const quarter = (ticker: string, periodEnd: string, eps: string, netIncome: number, equity: number, bvps: string) => ({
  ticker,
  periodEnd,
  revenue: 1,
  netIncome,
  equity,
  eps,
  bvps,
});
const calls = new Map<string, LatestCall>([
  [
    'AAAA',
    {
      ticker: 'AAAA',
      title: 'AAAA',
      href: '/analisis/AAAA/x',
      date: '2026-11-01',
      tier: 'premium',
      rating: 'beli',
      targetPrice: 1_250,
      fairValue: null,
    },
  ],
]);

describe('screener on a fixture market', () => {
  let h: TestDb;
  beforeAll(async () => {
    h = await createTestDb();
    await h.db
      .insert(emiten)
      .values([
        company('AAAA', 'Keuangan', 'Bank', 'Utama', 1_000_000_000),
        company('BBBB', 'Energi', 'Batu Bara', 'Pengembangan', 2_000_000_000),
        company('CCCC', 'Keuangan', 'Asuransi', 'Utama', 1_000_000_000),
      ]);
    await h.db
      .insert(dailyPrices)
      .values([
        bar('AAAA', '2023-11-20', 500),
        bar('AAAA', '2025-11-20', 800),
        bar('AAAA', '2026-06-01', 1_100, 1_200),
        bar('AAAA', '2026-10-20', 900),
        bar('AAAA', '2026-11-20', 1_000),
        bar('BBBB', '2026-10-20', 250),
        bar('BBBB', '2026-11-20', 200),
        bar('CCCC', '2026-11-20', 3_000),
      ]);
    await h.db
      .insert(fundamentals)
      .values([
        ...['2025-12-31', '2026-03-31', '2026-06-30', '2026-09-30'].map((d) =>
          quarter('AAAA', d, '25', 25_000_000_000, 500_000_000_000, '500'),
        ),
        ...['2026-03-31', '2026-06-30', '2026-09-30'].map((d) => quarter('CCCC', d, '50', 1, 1, '1000')),
      ]);
    await h.db.insert(corporateActions).values({
      ticker: 'AAAA',
      type: 'dividend',
      cumDate: '2026-04-29',
      exDate: '2026-04-30',
      amount: '40',
    });
  });
  afterAll(() => h?.close());

  const run = (qs: string, tier: 'gratis' | 'premium' | null = null) =>
    runScreener(h.db, parseScreenQuery(new URLSearchParams(qs)).query, calls, tier);

  it('computes the ratios by hand-checked definitions', async () => {
    const { rows, asOf, period } = await run('');
    expect(asOf).toBe('2026-11-20');
    expect(period).toBe('2026-09-30');
    const a = rows.find((r) => r.ticker === 'AAAA')!;
    expect(a.marketCap).toBe(1_000_000_000_000);
    expect(a.per).toBeCloseTo(10, 10); // 1 000 / (4 × 25)
    expect(a.pbv).toBeCloseTo(2, 10); // 1 000 / 500
    expect(a.roe).toBeCloseTo(0.2, 10); // 100 bn / 500 bn
    expect(a.dividendYield).toBeCloseTo(0.04, 10); // 40 / 1 000
    expect(a.ret1m).toBeCloseTo(1_000 / 900 - 1, 10);
    expect(a.ret1y).toBeCloseTo(0.25, 10);
    expect(a.ret3y).toBeCloseTo(1, 10);
    expect(a.fromHigh).toBeCloseTo(1_000 / 1_200 - 1, 10);
    const c = rows.find((r) => r.ticker === 'CCCC')!;
    expect(c).toMatchObject({ per: null, roe: null, ret1m: null }); // three quarters are no trailing year
    expect(c.pbv).toBeCloseTo(3, 10);
    expect(rows.find((r) => r.ticker === 'BBBB')).toMatchObject({ per: null, pbv: null, dividendYield: 0 });
  });

  it('filters and sorts as the URL says', async () => {
    const codes = async (qs: string, tier: 'gratis' | 'premium' | null = null) =>
      (await run(qs, tier)).rows.map((r) => r.ticker);
    expect(await codes('per_max=15')).toEqual(['AAAA']);
    expect(await codes('sektor=Keuangan&urut=kap&arah=turun')).toEqual(['CCCC', 'AAAA']);
    expect(await codes('kap_min=1500')).toEqual(['CCCC']); // Rp miliar
    expect(await codes('r1b_max=0')).toEqual(['BBBB']);
    expect(await codes('dy_min=3')).toEqual(['AAAA']);
    expect(await codes('papan=Pengembangan')).toEqual(['BBBB']);
    expect(await codes('dari52_max=-10')).toEqual(['AAAA', 'BBBB']); // 1 000 / 1 200 and 200 / 250
    expect(await codes('rating=beli')).toEqual(['AAAA']);
    expect(await codes('urut=r1b&arah=naik')).toEqual(['BBBB', 'AAAA', 'CCCC']);
    expect(await codes('per_max=abc')).toEqual(['AAAA', 'BBBB', 'CCCC']);
  });

  it('keeps a premium upside from viewers below the tier, in filters and sorting', async () => {
    const premium = await run('upside_min=20', 'premium');
    expect(premium.rows.map((r) => r.ticker)).toEqual(['AAAA']);
    expect(premium.rows[0]!.upside).toBeCloseTo(0.25, 10);
    expect((await run('upside_min=20', 'gratis')).rows).toEqual([]);
    expect((await run('upside_max=1000', null)).rows).toEqual([]);
    const sorted = await run('urut=upside&arah=turun', 'gratis');
    expect(sorted.rows.every((r) => r.upside === null)).toBe(true);
    expect(JSON.stringify(sorted.rows)).not.toContain('1250');
  });
});
