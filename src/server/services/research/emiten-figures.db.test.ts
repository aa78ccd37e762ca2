import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../../../tests/db';
import type { DbHandle } from '../../db/client';
import { corporateActions, dailyPrices, emiten, fundamentals } from '../../db/schema';
import {
  adjustedBars,
  adjustedPrice,
  barAt,
  barList,
  closeOnOrBefore,
  dividendHistory,
  keyFigures,
  marketHistory,
  valuationBands,
} from './emiten-figures';

// A small company with 1 000 shares after a 1:2 split on 2026-04-15 (500 before it).
describe('research figures from the database', () => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await createTestDb();
    await h.db.insert(emiten).values({
      ticker: 'TEST',
      name: 'PT Uji Coba Tbk',
      sector: 'Keuangan',
      subSector: 'Bank',
      board: 'Utama',
      listingDate: '2010-01-04',
      sharesOutstanding: 1_000,
    });
    const bar = (date: string, close: number, volume: number) => ({
      ticker: 'TEST',
      date,
      open: close,
      high: close,
      low: close,
      close,
      volume,
    });
    await h.db
      .insert(dailyPrices)
      .values([
        bar('2026-04-14', 8_000, 100),
        bar('2026-04-15', 4_000, 200),
        bar('2026-11-19', 4_400, 300),
        bar('2026-11-20', 4_600, 400),
      ]);
    const q = (periodEnd: string, eps: number, bvps: number, shares: number) => ({
      ticker: 'TEST',
      periodEnd,
      revenue: eps * shares * 5,
      netIncome: eps * shares,
      equity: bvps * shares,
      eps: String(eps),
      bvps: String(bvps),
    });
    await h.db
      .insert(fundamentals)
      .values([
        q('2025-09-30', 180, 1_600, 500),
        q('2025-12-31', 200, 1_700, 500),
        q('2026-03-31', 220, 1_800, 500),
        q('2026-06-30', 115, 950, 1_000),
        q('2026-09-30', 125, 1_000, 1_000),
      ]);
    await h.db.insert(corporateActions).values([
      {
        ticker: 'TEST',
        type: 'dividend',
        cumDate: '2026-03-02',
        exDate: '2026-03-03',
        paymentDate: '2026-03-20',
        amount: '80',
      },
      {
        ticker: 'TEST',
        type: 'dividend',
        cumDate: '2026-10-01',
        exDate: '2026-10-02',
        paymentDate: '2026-10-20',
        amount: '30.5',
      },
      { ticker: 'TEST', type: 'dividend', cumDate: '2026-12-01', exDate: '2026-12-02', amount: '50' },
      { ticker: 'TEST', type: 'split', cumDate: '2026-04-14', exDate: '2026-04-15', ratioFrom: 1, ratioTo: 2 },
    ]);
  });
  afterAll(() => h.close());

  it('computes the key figures at the last close by hand', async () => {
    const history = await marketHistory(h.db, 'TEST');
    const k = keyFigures(history, 1_000);
    // EPS TTM in today's shares: 200/2 + 220/2 + 115 + 125 = 450; PER = 4 600 / 450.
    expect(k?.asOf).toBe('2026-11-20');
    expect(k?.marketCap).toBe(4_600_000);
    expect(k?.epsTtm).toBe(450);
    expect(k?.per).toBeCloseTo(10.2222, 4);
    // BVPS of September: 1 000; PBV = 4,6.
    expect(k?.pbv).toBe(4.6);
    // Dividends with ex date in (2025-11-20, 2026-11-20]: 80/2 + 30,5 = 70,5; the December one is ahead.
    expect(k?.dividendsTtm).toBe(70.5);
    expect(k?.dividendYield).toBeCloseTo(70.5 / 4_600, 12);
    // ROE = (100 000 + 110 000 + 115 000 + 125 000) / ((800 000 + 1 000 000) / 2) = 0,5.
    expect(k?.roe?.roe).toBe(0.5);
  });

  it('adjusts the chart for the split and restates old target prices', async () => {
    const history = await marketHistory(h.db, 'TEST');
    expect(barList(adjustedBars(history)).map((b) => [b.date, b.close, b.volume])).toEqual([
      ['2026-04-14', 4_000, 200],
      ['2026-04-15', 4_000, 200],
      ['2026-11-19', 4_400, 300],
      ['2026-11-20', 4_600, 400],
    ]);
    // The history itself is as recorded; its columns share the day numbers with the adjusted ones.
    expect(barList(history.bars).map((b) => [b.date, b.open, b.high, b.low, b.close, b.volume])).toEqual([
      ['2026-04-14', 8_000, 8_000, 8_000, 8_000, 100],
      ['2026-04-15', 4_000, 4_000, 4_000, 4_000, 200],
      ['2026-11-19', 4_400, 4_400, 4_400, 4_400, 300],
      ['2026-11-20', 4_600, 4_600, 4_600, 4_600, 400],
    ]);
    expect(adjustedBars(history).days).toBe(history.bars.days);
    expect(barAt(history.bars, -1)?.date).toBe('2026-11-20');
    expect(barAt(history.bars, 4)).toBeUndefined();
    expect(adjustedPrice(history, 9_000, '2026-01-10')).toBe(4_500);
    expect(adjustedPrice(history, 5_000, '2026-05-01')).toBe(5_000);
  });

  it('lists dividends newest first and builds bands only where four quarters are known', async () => {
    const history = await marketHistory(h.db, 'TEST');
    expect(dividendHistory(history).map((d) => d.amount)).toEqual([50, 30.5, 80]);
    const bands = valuationBands(history);
    // Four quarters are known only from June on; both November days fall in one week.
    expect(bands.per.points.map((p) => p.date)).toEqual(['2026-11-20']);
    expect(bands.per.stats?.count).toBe(2);
    expect(bands.pbv.stats?.count).toBe(4);
  });

  it('finds the close on or before a date', async () => {
    const { bars } = await marketHistory(h.db, 'TEST');
    expect(closeOnOrBefore(bars, '2026-04-13')).toBeNull();
    expect(closeOnOrBefore(bars, '2026-04-14')).toBe(8_000);
    expect(closeOnOrBefore(bars, '2026-10-01')).toBe(4_000);
    expect(closeOnOrBefore(bars, '2026-12-31')).toBe(4_600);
  });

  it('has no figures for a ticker without prices', async () => {
    const history = await marketHistory(h.db, 'NONE');
    expect(history.bars.length).toBe(0);
    expect(keyFigures(history, 1)).toBeNull();
  });
});
