/**
 * The daily market update against the IDX stand-in, on a real database, with the clock fixed per pass:
 * a day imported, weekends and a listed holiday skipped, a gap filled, a second pass doing nothing, new
 * and delisted emiten, a missing day reported after its deadline, bad stock data refused with its reason
 * while the index levels import, and a broken row skipped by code.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { createTestDb } from '../../../../tests/db';
import { indexRecord, startIdxStandIn, stockRecord, type IdxStandIn } from '../../../../tests/stand-ins/idx';
import type { DbHandle } from '../../db/client';
import { dailyPrices, emiten, indexPrices, marketUpdateRuns } from '../../db/schema';
import { importMarketCsv } from '../market-import';
import { marketVersion } from '../market/version';
import { recentTradingDays } from '../../../domain/market-calendar';
import {
  analysisRootOf,
  idxFeed,
  marketUpdateStatus,
  runMarketUpdate,
  type MarketFeed,
  type MarketUpdateDeps,
} from '.';
import { UNCLASSIFIED } from './import-day';
import { UNKNOWN_BOARD } from '../../../domain/boards';

const HOLIDAYS = new Set(['2026-11-25']);
const wib = (t: string) => new Date(`${t}+07:00`);

let idx: IdxStandIn;
let h: DbHandle;
let reports: string[];

beforeAll(async () => {
  idx = await startIdxStandIn();
});
afterAll(() => idx.close());
beforeEach(async () => {
  h = await createTestDb();
  idx.reset();
  reports = [];
  await importMarketCsv(
    h.db,
    'ticker,name,sector,sub_sector,board,listing_date,shares_outstanding\n' +
      'AAAA,Alfa Sintetis Tbk,Keuangan,Bank,Utama,2010-01-04,1000000\n' +
      'BBBB,Beta Sintetis Tbk,Energi,Batu Bara,Utama,2012-03-01,2000000\n',
    { today: '2026-11-19' },
  );
});
afterEach(() => h.close());

/** Prices of AAAA on the 30 trading days up to `until`, as history imported earlier. */
async function seedHistory(until: string): Promise<void> {
  const rows = recentTradingDays(until, 30, HOLIDAYS).map((d) => `${d},AAAA,1000,1000,1000,1000,1`);
  const r = await importMarketCsv(h.db, `date,ticker,open,high,low,close,volume\n${rows.join('\n')}\n`, {
    today: until,
  });
  expect(r.errors).toEqual([]);
}

function day(date: string, extra: Record<string, unknown>[] = []) {
  return {
    stocks: [
      stockRecord(date, 'AAAA', { Close: 1050, High: 1060, Low: 990, OpenPrice: 1000 }),
      stockRecord(date, 'BBBB'),
      ...extra,
    ],
    indexes: ['COMPOSITE', 'LQ45', 'IDX30', 'JII', 'AGRI'].map((c, i) => indexRecord(date, c, 7000 - i * 1000)),
  };
}

const pass = (now: string, feed: MarketFeed = idxFeed(idx.url), more: Partial<MarketUpdateDeps> = {}) =>
  runMarketUpdate({
    db: h.db,
    now: () => wib(now),
    feed,
    holidays: HOLIDAYS,
    closeAt: 17 * 60,
    deadline: 20 * 60,
    report: (message) => reports.push(message),
    ...more,
  });
const runs = () => h.db.select().from(marketUpdateRuns).orderBy(asc(marketUpdateRuns.id));
const pricesOn = (d: string) =>
  h.db.select().from(dailyPrices).where(eq(dailyPrices.date, d)).orderBy(asc(dailyPrices.ticker));
const requestsSince = (n: number) => idx.requests().slice(n);

describe('daily update from the idx provider', () => {
  it('imports a day after the close, with its indexes, and does nothing on a second run', async () => {
    await seedHistory('2026-11-19');
    idx.setDay('2026-11-20', day('2026-11-20'));
    const version = await marketVersion(h.db);
    expect(await pass('2026-11-20T16:30:00')).toMatchObject({ checked: 0 });

    expect(await pass('2026-11-20T18:00:00')).toMatchObject({ checked: 1, imported: ['2026-11-20'] });
    expect((await pricesOn('2026-11-20')).map((p) => [p.ticker, p.open, p.high, p.low, p.close])).toEqual([
      ['AAAA', 1000, 1060, 990, 1050],
      ['BBBB', 1000, 1000, 1000, 1000],
    ]);
    const idxRows = await h.db
      .select()
      .from(indexPrices)
      .where(eq(indexPrices.date, '2026-11-20'))
      .orderBy(asc(indexPrices.code));
    expect(idxRows.map((r) => [r.code, r.close])).toEqual([
      ['COMPOSITE', 7000],
      ['IDX30', 5000],
      ['JII', 4000],
      ['LQ45', 6000],
    ]);
    // No opening level in the feed: the previous close (close − 10) lies inside the day's range.
    expect(idxRows[0]).toMatchObject({ open: 6990, high: 7005, low: 6985 });
    expect(await marketVersion(h.db)).toBe(version + 1);
    expect(await runs()).toMatchObject([{ tradingDate: '2026-11-20', outcome: 'imported', rows: 6, provider: 'idx' }]);

    const seen = idx.requests().length;
    expect(await pass('2026-11-20T18:05:00')).toMatchObject({ checked: 0, imported: [] });
    expect(requestsSince(seen)).toEqual([]);
    expect(await runs()).toHaveLength(1);
    expect(await marketVersion(h.db)).toBe(version + 1);
    expect(reports).toEqual([]);
  });

  it('skips the weekend and a listed holiday and fills a two-day gap', async () => {
    await seedHistory('2026-11-20');
    for (const d of ['2026-11-23', '2026-11-24', '2026-11-26']) idx.setDay(d, day(d));
    const seen = idx.requests().length;
    expect(await pass('2026-11-26T18:00:00')).toMatchObject({ imported: ['2026-11-23', '2026-11-24', '2026-11-26'] });
    const asked = new Set(requestsSince(seen).map((r) => r.split(' ')[1]));
    expect([...asked].sort()).toEqual(['2026-11-23', '2026-11-24', '2026-11-26']);
    for (const d of ['2026-11-23', '2026-11-24', '2026-11-26']) expect(await pricesOn(d)).toHaveLength(2);
    expect(reports).toEqual([]);
  });

  it('creates a newly listed emiten and marks a delisted one', async () => {
    await seedHistory('2026-11-19');
    const listing = stockRecord('2026-11-20', 'CCCC', {
      StockName: 'Cakra Sintetis Tbk.',
      Remarks: '--P-3---------------------------',
      ListedShares: 1_234_000_000,
    });
    const d = day('2026-11-20', [listing]);
    d.stocks[1] = stockRecord('2026-11-20', 'BBBB', { DelistingDate: '2026-11-20T00:00:00' });
    idx.setDay('2026-11-20', d);
    await pass('2026-11-20T18:00:00');
    const all = await h.db.select().from(emiten).orderBy(asc(emiten.ticker));
    expect(all.find((e) => e.ticker === 'CCCC')).toMatchObject({
      name: 'Cakra Sintetis Tbk.',
      sector: UNCLASSIFIED,
      // IDX's Remarks flag is no board: the board waits for an emiten file.
      board: UNKNOWN_BOARD,
      listingDate: '2026-11-20',
      sharesOutstanding: 1_234_000_000,
      delistedAt: null,
    });
    expect(all.find((e) => e.ticker === 'BBBB')).toMatchObject({ name: 'Beta Sintetis Tbk', delistedAt: '2026-11-20' });
    expect(all.find((e) => e.ticker === 'AAAA')?.delistedAt).toBeNull();
    expect((await runs())[0]!.message).toBe('7 baru, 0 diperbarui, emiten baru CCCC, delisting BBBB');
  });

  it('names the analyses whose ticker is still unknown after creating new emiten, one line each', async () => {
    const content = mkdtempSync(path.join(tmpdir(), 'telaah-update-content-'));
    try {
      for (const [ticker, slug] of [
        ['AAAA', 'alfa'],
        ['CCCC', 'cakra'],
        ['EEEE', 'eka'],
        ['FFFF', 'fajar'],
      ] as const) {
        mkdirSync(path.join(content, 'analisis', ticker), { recursive: true });
        writeFileSync(
          path.join(content, 'analisis', ticker, `${slug}.mdx`),
          `---\ntitle: Analisis ${ticker}\nemiten: ${ticker}\n---\n\nIsi.\n`,
        );
      }
      const lines: string[] = [];
      const more = { analysisRoot: analysisRootOf(content), warn: (line: string) => lines.push(line) };
      await seedHistory('2026-11-19');
      idx.setDay('2026-11-20', day('2026-11-20', [stockRecord('2026-11-20', 'CCCC')]));
      idx.setDay('2026-11-23', day('2026-11-23'));

      expect(await pass('2026-11-20T18:00:00', idxFeed(idx.url), more)).toMatchObject({ listed: ['CCCC'] });
      const root = path.join(content, 'analisis');
      expect(lines).toEqual([
        `Peringatan: analisis ${path.join(root, 'EEEE', 'eka.mdx')} membahas EEEE, yang belum ada di data emiten`,
        `Peringatan: analisis ${path.join(root, 'FFFF', 'fajar.mdx')} membahas FFFF, yang belum ada di data emiten`,
      ]);

      // A day that lists nobody new says nothing about analyses.
      expect(await pass('2026-11-23T18:00:00', idxFeed(idx.url), more)).toMatchObject({
        imported: ['2026-11-23'],
        listed: [],
      });
      expect(lines).toHaveLength(2);
    } finally {
      rmSync(content, { recursive: true, force: true });
    }
  });

  it('waits for a missing day until its deadline, then reports it once and shows it to admins', async () => {
    await seedHistory('2026-11-19');
    await pass('2026-11-20T18:00:00');
    await pass('2026-11-20T18:30:00');
    expect(await runs()).toMatchObject([{ outcome: 'waiting', attempts: 2, alerted: false }]);
    expect(reports).toEqual([]);

    expect(await pass('2026-11-20T20:30:00')).toMatchObject({ problems: ['2026-11-20 missing'] });
    expect(reports).toEqual([
      'Data pasar 2026-11-20 belum masuk setelah batas waktu (missing): GetStockSummary: belum ada data tanggal 2026-11-20',
    ]);
    const status = await marketUpdateStatus(h.db, '2026-11-01');
    expect(status.missing.map((r) => r.tradingDate)).toEqual(['2026-11-20']);

    // Within the hour the reported day is not asked for again; later it is, without a second report.
    const seen = idx.requests().length;
    await pass('2026-11-20T20:45:00');
    expect(requestsSince(seen)).toEqual([]);
    await pass('2026-11-20T21:45:00');
    expect(requestsSince(seen)).toEqual(['GetStockSummary 2026-11-20', 'GetIndexSummary 2026-11-20']);
    expect(reports).toHaveLength(1);
    expect(await runs()).toMatchObject([{ outcome: 'waiting' }, { outcome: 'missing', attempts: 2, alerted: true }]);

    idx.setDay('2026-11-20', day('2026-11-20'));
    await pass('2026-11-20T23:00:00');
    expect((await marketUpdateStatus(h.db, '2026-11-01')).missing).toEqual([]);
  });
});

describe('bad stock data: the stocks wait, the index levels import, the reason is said once', () => {
  const cases: [string, (d: ReturnType<typeof day>) => void, string][] = [
    [
      'a missing column',
      (d) => d.stocks.forEach((s) => delete s.Close),
      'GetStockSummary: kolom Close tidak ada di data',
    ],
    [
      'a truncated response',
      () => idx.truncate('GetStockSummary', '2026-11-20', 700),
      'GetStockSummary: respons bukan JSON yang utuh',
    ],
  ];

  it.each(cases)('%s', async (_name, spoil, reason) => {
    await seedHistory('2026-11-19');
    const d = day('2026-11-20', [stockRecord('2026-11-20', 'DDDD')]);
    spoil(d);
    idx.setDay('2026-11-20', d);
    await pass('2026-11-20T18:00:00');
    await pass('2026-11-20T18:10:00');
    expect(await pricesOn('2026-11-20')).toEqual([]);
    expect(await h.db.select().from(emiten).where(eq(emiten.ticker, 'DDDD'))).toEqual([]);
    const levels = await h.db.select().from(indexPrices).where(eq(indexPrices.date, '2026-11-20'));
    expect(levels.map((l) => l.code).sort()).toEqual(['COMPOSITE', 'IDX30', 'JII', 'LQ45']);
    const records = await runs();
    expect(records.map((r) => r.outcome)).toEqual(['invalid', 'invalid']);
    expect(records[0]!.message).toContain(reason);
    expect(records[0]!.message).toContain('indeks diimpor: 4 baru');
    // The second pass asks only for the stocks and says the reason alone.
    expect(records[1]!.message.startsWith(reason)).toBe(true);
    expect(records[1]!.message).not.toContain('indeks');
  });
});

describe('a broken row is skipped with a warning naming its code; the rest of the day imports', () => {
  const cases: [string, (d: ReturnType<typeof day>) => void, string][] = [
    [
      'a price of 0',
      (d) => Object.assign(d.stocks[1]!, { Close: 0, Low: 0 }),
      'dilewati: GetStockSummary data[1] BBBB, kolom Close: harga harus bilangan bulat positif',
    ],
    [
      'a malformed code',
      (d) => Object.assign(d.stocks[1]!, { StockCode: 'BB-1' }),
      'dilewati: GetStockSummary data[1] BB-1, kolom StockCode: kode saham "BB-1" harus 4 huruf',
    ],
  ];

  it.each(cases)('%s', async (_name, spoil, warning) => {
    await seedHistory('2026-11-19');
    const d = day('2026-11-20', [stockRecord('2026-11-20', 'DDDD')]);
    spoil(d);
    idx.setDay('2026-11-20', d);
    await pass('2026-11-20T18:00:00');
    expect((await pricesOn('2026-11-20')).map((p) => p.ticker)).toEqual(['AAAA', 'DDDD']);
    const records = await runs();
    expect(records).toMatchObject([{ outcome: 'imported', attempts: 1 }]);
    expect(records[0]!.message).toContain(warning);
  });

  it('imports a five-letter preferred share like any stock', async () => {
    await seedHistory('2026-11-19');
    idx.setDay('2026-11-20', day('2026-11-20', [stockRecord('2026-11-20', 'MAMIP', { High: 0, Low: 0, Volume: 0 })]));
    await pass('2026-11-20T18:00:00');
    expect((await pricesOn('2026-11-20')).map((p) => p.ticker)).toEqual(['AAAA', 'BBBB', 'MAMIP']);
  });
});
