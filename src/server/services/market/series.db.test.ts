import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../../../tests/db';
import type { DbHandle } from '../../db/client';
import { dailyPrices, emiten, indexPrices } from '../../db/schema';
import { closesBetween, indexSeries, parseSeries, stockSeries } from './series';
import { markMarketChanged } from './version';

const bar = (ticker: string, date: string, close: number) => ({
  ticker,
  date,
  open: close,
  high: close,
  low: close,
  close,
  volume: 100,
});

describe('close series read once per market-data version', () => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await createTestDb();
    const company = (ticker: string) => ({
      ticker,
      name: `PT ${ticker} Tbk`,
      sector: 'Keuangan',
      subSector: 'Bank',
      board: 'Utama',
      listingDate: '2000-01-03',
      sharesOutstanding: 1_000_000,
    });
    await h.db.insert(emiten).values([company('AAAA'), company('BBBB'), company('CCCC')]);
    // Inserted out of date order: the series must come back sorted whatever order the rows are read in.
    await h.db
      .insert(dailyPrices)
      .values([
        bar('AAAA', '2026-11-20', 1_050),
        bar('AAAA', '1999-12-30', 900),
        bar('AAAA', '2026-03-02', 1_000),
        bar('BBBB', '2026-03-02', 50),
      ]);
    await h.db.insert(indexPrices).values([
      { code: 'COMPOSITE', date: '2026-03-02', open: 1, high: 1, low: 1, close: 7_123.456789 },
      { code: 'COMPOSITE', date: '2026-11-20', open: 1, high: 1, low: 1, close: 7_300.1 },
    ]);
  });
  afterAll(() => h.close());

  it('cuts each ticker’s closes to a date range, empty for a ticker or index without data', async () => {
    const series = await stockSeries(h.db, ['AAAA', 'BBBB', 'CCCC']);
    expect(closesBetween(series.get('AAAA')!, '1999-01-01', '2026-12-31')).toEqual([
      { date: '1999-12-30', close: 900 },
      { date: '2026-03-02', close: 1_000 },
      { date: '2026-11-20', close: 1_050 },
    ]);
    expect(closesBetween(series.get('AAAA')!, '2026-03-02', '2026-11-19')).toEqual([
      { date: '2026-03-02', close: 1_000 },
    ]);
    expect(closesBetween(series.get('AAAA')!, '2026-03-03', '2026-11-20')).toEqual([
      { date: '2026-11-20', close: 1_050 },
    ]);
    expect(closesBetween(series.get('CCCC')!, '2000-01-01', '2030-01-01')).toEqual([]);
    const indexes = await indexSeries(h.db, ['COMPOSITE', 'LQ45']);
    expect(closesBetween(indexes.get('COMPOSITE')!, '2026-01-01', '2026-12-31')).toEqual([
      { date: '2026-03-02', close: 7_123.456789 },
      { date: '2026-11-20', close: 7_300.1 },
    ]);
    expect(indexes.get('LQ45')!.days.length).toBe(0);
  });

  it('keeps a series until the market data changes, then reads it again', async () => {
    const before = (await stockSeries(h.db, ['BBBB'])).get('BBBB')!;
    await h.db.insert(dailyPrices).values(bar('BBBB', '2026-11-20', 55));
    expect((await stockSeries(h.db, ['BBBB'])).get('BBBB')).toBe(before);
    await h.db.transaction((tx) => markMarketChanged(tx));
    const after = (await stockSeries(h.db, ['BBBB', 'AAAA'])).get('BBBB')!;
    expect(closesBetween(after, '2026-01-01', '2026-12-31').map((c) => c.close)).toEqual([50, 55]);
  });

  it('parses the aggregated text whatever its order', () => {
    const s = parseSeries('20514 1050,-1 900,20149 1000.25');
    expect([...s.days]).toEqual([-1, 20149, 20514]);
    expect([...s.closes]).toEqual([900, 1000.25, 1050]);
    expect(parseSeries(null).days.length).toBe(0);
    expect(parseSeries('3 7.5,2 1e3').closes).toEqual(new Float64Array([1_000, 7.5]));
  });
});
