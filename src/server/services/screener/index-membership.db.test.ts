import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc } from 'drizzle-orm';
import { createTestDb, type TestDb } from '../../../../tests/db';
import { dailyPrices, emiten, indexConstituents } from '../../db/schema';
import { formatRowError, importMarketCsv } from '../market-import';
import { parseScreenQuery, runScreener } from './index';
import { indexesOf } from './index-membership';

const company = (ticker: string) => ({
  ticker,
  name: `PT ${ticker} Tbk`,
  sector: 'Keuangan',
  subSector: 'Bank',
  board: 'Utama',
  listingDate: '2010-01-04',
  sharesOutstanding: 1_000_000_000,
});
const bar = (ticker: string, date: string) => ({ ticker, date, open: 100, high: 100, low: 100, close: 100, volume: 1 });
const TODAY = '2026-11-21';
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

// The market's last day is 2026-11-20: LQ45's and IDX30's periods of 2026-11-02 are in effect on it, JII's of
// 2026-06-02 too; JII's period of 2026-12-01 is announced, not yet in effect.
const GOOD = [
  'index,effective_date,ticker',
  'LQ45,2026-05-04,AAAA',
  'LQ45,2026-05-04,BBBB',
  'LQ45,2026-11-02,AAAA',
  'LQ45,2026-11-02,CCCC',
  'idx30,02/11/2026,AAAA',
  'JII,2026-06-02,BBBB',
  'JII,2026-06-02,CCCC',
  'JII,2026-12-01,AAAA',
].join('\n');

describe('index constituents: import and screener filter', () => {
  let h: TestDb;
  const run = (text: string) => importMarketCsv(h.db, text, { today: TODAY });
  const stored = () =>
    h.db
      .select()
      .from(indexConstituents)
      .orderBy(asc(indexConstituents.indexCode), asc(indexConstituents.effectiveDate), asc(indexConstituents.ticker));
  const codes = async (qs: string) =>
    (await runScreener(h.db, parseScreenQuery(new URLSearchParams(qs)).query, new Map(), null)).rows.map(
      (r) => r.ticker,
    );

  beforeAll(async () => {
    h = await createTestDb();
    await h.db.insert(emiten).values(['AAAA', 'BBBB', 'CCCC', 'DDDD'].map(company));
    await h.db
      .insert(dailyPrices)
      .values([
        bar('AAAA', '2026-11-20'),
        bar('BBBB', '2026-11-20'),
        bar('CCCC', '2026-11-19'),
        bar('DDDD', '2026-11-20'),
      ]);
  });
  afterAll(() => h?.close());

  it('refuses a file with a bad row, naming the row, and writes nothing', async () => {
    const bad = `${GOOD}\nLQ46,2026-11-02,DDDD\nLQ45,2026-11-02,AAAA\nIDX30,2026-11-02,ZZZZ\nJII,2026-13-01,DDDD`;
    const result = await run(bad);
    expect(result.kind).toBe('constituents');
    expect(result.inserted).toBe(0);
    expect(result.errors.map(formatRowError)).toEqual([
      'Baris 10, kolom index: indeks "LQ46" tidak dikenal (gunakan LQ45, IDX30, JII)',
      'Baris 11, kolom ticker: AAAA di LQ45 periode 2026-11-02 sudah ada di baris 4',
      'Baris 12, kolom ticker: kode saham ZZZZ tidak terdaftar di emiten',
      'Baris 13, kolom effective_date: tanggal "2026-13-01" tidak valid (gunakan YYYY-MM-DD atau DD/MM/YYYY)',
    ]);
    expect(await stored()).toEqual([]);
  });

  it('refuses a period with more members than its index has', async () => {
    const header = 'indeks,tanggal_efektif,ticker';
    const many = Array.from(
      { length: 31 },
      (_, i) => `IDX30,2026-11-02,XX${LETTERS[Math.floor(i / 26)]}${LETTERS[i % 26]}`,
    );
    await h.db.insert(emiten).values(many.map((l) => company(l.split(',')[2]!)));
    const result = await run([header, ...many].join('\n'));
    expect(result.errors.map(formatRowError)).toEqual([
      'Baris 32, kolom ticker: IDX30 periode 2026-11-02 melebihi 30 anggota (baris ini anggota ke-31)',
    ]);
    expect(await stored()).toEqual([]);
  });

  it('imports the periods, and a second import of a period replaces its list', async () => {
    expect(await run(GOOD)).toMatchObject({ kind: 'constituents', rows: 8, inserted: 8, updated: 0, errors: [] });
    expect(await run(GOOD)).toMatchObject({ inserted: 0, updated: 0, unchanged: 8 });
    // LQ45's 2026-11-02 list given again without CCCC and with DDDD: one in, one out.
    const again = 'index,effective_date,ticker\nLQ45,2026-11-02,AAAA\nLQ45,2026-11-02,DDDD';
    expect(await run(again)).toMatchObject({ inserted: 1, updated: 1, unchanged: 1, errors: [] });
    expect((await stored()).filter((r) => r.effectiveDate === '2026-11-02' && r.indexCode === 'LQ45')).toEqual([
      { indexCode: 'LQ45', effectiveDate: '2026-11-02', ticker: 'AAAA' },
      { indexCode: 'LQ45', effectiveDate: '2026-11-02', ticker: 'DDDD' },
    ]);
    expect(await stored()).toHaveLength(8);
  });

  it('filters the screener by the periods in effect on the market’s last day', async () => {
    // On 2026-11-20: LQ45 = 2026-11-02 list (AAAA, DDDD; BBBB left with the May list), IDX30 = AAAA,
    // JII = the 2026-06-02 list (BBBB, CCCC); the 2026-12-01 list is not yet in effect.
    expect(await codes('indeks=LQ45')).toEqual(['AAAA', 'DDDD']);
    expect(await codes('indeks=idx30')).toEqual(['AAAA']);
    expect(await codes('indeks=JII')).toEqual(['BBBB', 'CCCC']);
    expect(await codes('indeks=JII&urut=ticker&arah=turun')).toEqual(['CCCC', 'BBBB']);
    const all = await runScreener(h.db, parseScreenQuery(new URLSearchParams('indeks=')).query, new Map(), null);
    expect(all.rows.find((r) => r.ticker === 'AAAA')?.indexes).toEqual(['IDX30', 'LQ45']);
    expect(all.rows.find((r) => r.ticker === 'CCCC')?.indexes).toEqual(['JII']);
    // The emiten page's line, in the order LQ45, IDX30, JII.
    expect(await indexesOf(h.db, 'AAAA')).toEqual(['LQ45', 'IDX30']);
    expect(await indexesOf(h.db, 'BBBB')).toEqual(['JII']);
    expect(await indexesOf(h.db, 'A000')).toEqual([]);
    // An unknown index in a shared URL is ignored, like any other unreadable value.
    expect((await codes('indeks=KOMPAS100')).length).toBe(all.rows.length);
  });
});
