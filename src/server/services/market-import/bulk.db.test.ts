import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { createTestDb } from '../../../../tests/db';
import type { DbHandle } from '../../db/client';
import { dailyPrices, indexPrices } from '../../db/schema';
import { generateMarket } from '../../../../scripts/market-generate';
import { formatRowError, importMarketFile } from '.';
import { MAX_ERRORS } from './bulk';
import { marketVersion } from '../market/version';
import { executeRows } from '../../db/rows';

const TODAY = { today: '2026-11-23' };
let dir: string;
const file = (name: string) => path.join(dir, name);
const lines = (name: string) => readFileSync(file(name), 'utf8').trimEnd().split('\n');
/** Writes a variant of a generated file and returns its path. */
const variant = (name: string, rows: string[]) => {
  const p = file(`${name}-${Math.random().toString(36).slice(2)}.csv`);
  writeFileSync(p, `${rows.join('\n')}\n`);
  return p;
};

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'bulk-'));
  // 6 emiten × 262 days: 1 572 stock rows, enough to cross several staging rows per ticker.
  await generateMarket({ emiten: 6, years: 1, end: '2026-11-20' }, dir);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('bulk price import (streamed, COPY into staging, merged)', () => {
  let h: DbHandle;
  const run = (p: string) => importMarketFile(h.db, p, TODAY);
  const count = async () => (await h.db.select({ n: sql<number>`count(*)::int` }).from(dailyPrices))[0]!.n;

  beforeEach(async () => {
    h = await createTestDb();
    expect((await run(file('emiten.csv'))).inserted).toBe(6);
  });
  afterEach(() => h.close());

  it('writes every row exactly as in the file, then reports a re-import as unchanged', async () => {
    const before = await marketVersion(h.db);
    const first = await run(file('prices.csv'));
    expect(first).toMatchObject({ kind: 'prices', rows: 6 * 262, inserted: 6 * 262, updated: 0, unchanged: 0 });
    expect(first.errors).toEqual([]);
    expect(await marketVersion(h.db)).toBe(before + 1);

    const [, ...rows] = lines('prices.csv');
    const stored = await h.db.select().from(dailyPrices).orderBy(asc(dailyPrices.ticker), asc(dailyPrices.date));
    expect(stored.map((p) => [p.date, p.ticker, p.open, p.high, p.low, p.close, p.volume].join(','))).toEqual(rows);

    const again = await run(file('prices.csv'));
    expect(again).toMatchObject({ inserted: 0, updated: 0, unchanged: 6 * 262, errors: [] });
    expect(await marketVersion(h.db)).toBe(before + 1);
  });

  it('takes five-letter and suffixed codes as IDX writes them (MAMIP, BBTN-R)', async () => {
    const em = variant('emiten', [
      'ticker,name,sector,sub_sector,board,listing_date,shares_outstanding',
      'MAMIP,Maskapai Reasuransi Indonesia Preferen,Keuangan,Asuransi,Utama,2000-01-03,1000',
      'BBTN-R,HMETD Bank Tabungan Negara,Keuangan,Bank,Utama,2022-12-20,1000',
    ]);
    expect((await run(em)).errors).toEqual([]);
    const prices = variant('prices', [
      'date,ticker,open,high,low,close,volume',
      '2022-12-21,BBTN-R,10,12,9,11,500',
      '2022-12-21,MAMIP,150,150,150,150,0',
    ]);
    expect(await run(prices)).toMatchObject({ inserted: 2, errors: [] });
    const stored = await h.db.select().from(dailyPrices).where(eq(dailyPrices.date, '2022-12-21'));
    expect(stored.map((p) => p.ticker).sort()).toEqual(['BBTN-R', 'MAMIP']);
  });

  it('counts new, changed and unchanged rows of a later file', async () => {
    await run(file('prices.csv'));
    const [header, ...rows] = lines('prices.csv');
    const cells = rows[10]!.split(',');
    const changed = [...cells.slice(0, 5), String(Number(cells[5]) + 0), String(Number(cells[6]) + 100)].join(',');
    const last = rows.at(-1)!.split(',');
    const added = ['2026-11-23', ...last.slice(1)].join(',');
    const r = await run(variant('later', [header!, rows[0]!, changed, added]));
    expect(r).toMatchObject({ rows: 3, inserted: 1, updated: 1, unchanged: 1, errors: [] });
    const [ticker, date] = [cells[1]!, cells[0]!];
    const [row] = await h.db
      .select()
      .from(dailyPrices)
      .where(sql`${dailyPrices.ticker} = ${ticker} and ${dailyPrices.date} = ${date}`);
    expect(row?.volume).toBe(Number(cells[6]) + 100);
  });

  it('imports index rows into index_prices with their decimals', async () => {
    const r = await run(file('indexes.csv'));
    expect(r).toMatchObject({ inserted: 4 * 262, errors: [] });
    const [, first] = lines('indexes.csv');
    const [date, code, , , , close] = first!.split(',');
    const [row] = await h.db
      .select()
      .from(indexPrices)
      .where(sql`${indexPrices.code} = ${code} and ${indexPrices.date} = ${date}`);
    expect(row?.close).toBe(Number(close));
  });

  it('writes nothing when a row is bad, naming its line and column', async () => {
    const [header, ...rows] = lines('prices.csv');
    const bad = rows.map((r, i) => (i === 700 ? r.replace(/,\d+,(\d+)$/, ',0,$1') : r));
    const r = await run(variant('bad', [header!, ...bad]));
    expect(r.errors.map(formatRowError)).toEqual(['Baris 702, kolom close: harga harus bilangan bulat positif']);
    expect(r).toMatchObject({ inserted: 0, updated: 0, unchanged: 0, omittedErrors: 0 });
    expect(await count()).toBe(0);
  });

  it('finds a repeated ticker and date and an unknown ticker across the whole file', async () => {
    await run(file('prices.csv'));
    const before = await marketVersion(h.db);
    const [header, ...rows] = lines('prices.csv');
    const unknown = rows[3]!.replace(/^([^,]+),[A-Z]{4},/, '$1,ZZZZ,');
    const r = await run(variant('dupe', [header!, rows[5]!, ...rows.slice(0, 20), unknown]));
    const date = rows[5]!.split(',')[0];
    const ticker = rows[5]!.split(',')[1];
    expect(r.errors.map(formatRowError)).toEqual([
      `Baris 8, kolom date: harga ${ticker} tanggal ${date} sudah ada di baris 2`,
      'Baris 23, kolom ticker: kode saham ZZZZ tidak terdaftar di emiten',
    ]);
    expect(await marketVersion(h.db)).toBe(before);
  });

  it('lists the first errors of a very bad file and counts the rest', async () => {
    const [header, ...rows] = lines('prices.csv');
    const r = await run(variant('worse', [header!, ...rows.slice(0, 300).map((l) => l.replace(/,\d+$/, ',-1'))]));
    expect(r.errors).toHaveLength(MAX_ERRORS);
    expect(r.errors[0]).toEqual({ line: 2, column: 'volume', message: 'volume harus bilangan bulat tidak negatif' });
    expect(r.omittedErrors).toBe(300 - MAX_ERRORS);
    expect(await count()).toBe(0);
  });

  it('counts quoted line breaks when naming lines', async () => {
    const [header, ...rows] = lines('prices.csv');
    const broken = rows[0]!.replace(/^([^,]+),([A-Z]{2})([A-Z]{2}),/, '$1,"$2\n$3",');
    const zero = rows[1]!.replace(/,\d+,(\d+)$/, ',0,$1');
    const r = await run(variant('quoted', [header!, broken, zero]));
    expect(r.errors.map((e) => [e.line, e.column])).toEqual([
      [2, 'ticker'],
      [4, 'close'],
    ]);
  });

  it('reads semicolon files with a BOM and CRLF line ends', async () => {
    const [header, ...rows] = lines('prices.csv');
    const text = `\uFEFF${[header!, ...rows.slice(0, 3)].map((l) => l.replaceAll(',', ';')).join('\r\n')}\r\n`;
    const p = file('semicolon.csv');
    writeFileSync(p, text);
    expect(await run(p)).toMatchObject({ inserted: 3, errors: [] });
    const [row] = await h.db
      .select()
      .from(dailyPrices)
      .where(eq(dailyPrices.ticker, rows[2]!.split(',')[1]!))
      .orderBy(asc(dailyPrices.date))
      .limit(1);
    expect(row?.volume).toBe(Number(rows[0]!.split(',')[6]));
  });

  describe('a large load of new rows, with the indexes built again afterwards', () => {
    const LARGE = { ...TODAY, rebuildMinRows: 1000 };
    /** Definitions of the indexes and constraints of daily_prices, and the identity of its date index. */
    const shape = async () => {
      const found = await executeRows<{ def: string }>(
        h.db,
        sql`select indexdef as def from pg_indexes where tablename = 'daily_prices'
            union all select conname || ' ' || pg_get_constraintdef(oid) from pg_constraint
            where conrelid = 'daily_prices'::regclass order by 1`,
      );
      return found.map((r) => r.def);
    };
    const dateIndex = async () =>
      (await executeRows<{ oid: number }>(h.db, sql`select 'daily_prices_date_idx'::regclass::oid as oid`))[0]!.oid;

    it('writes every row and leaves the same indexes and foreign keys, enforced', async () => {
      const [before, index] = [await shape(), await dateIndex()];
      expect(before.join('\n')).toMatch(/daily_prices_date_idx[\s\S]*FOREIGN KEY \(ticker\) REFERENCES emiten/);
      const r = await importMarketFile(h.db, file('prices.csv'), LARGE);
      expect(r).toMatchObject({ inserted: 6 * 262, updated: 0, errors: [] });
      const rebuilt = await dateIndex();
      expect(rebuilt).not.toBe(index);
      expect(await shape()).toEqual(before);
      const [, ...rows] = lines('prices.csv');
      const stored = await h.db.select().from(dailyPrices).orderBy(asc(dailyPrices.ticker), asc(dailyPrices.date));
      expect(stored.map((p) => [p.date, p.ticker, p.open, p.high, p.low, p.close, p.volume].join(','))).toEqual(rows);
      await expect(
        h.db.execute(sql`insert into daily_prices values ('ZZZZ', '2026-11-20', 1, 1, 1, 1, 1)`),
      ).rejects.toThrow();
      await expect(
        h.db.execute(sql`insert into daily_prices values (${stored[0]!.ticker}, ${stored[0]!.date}, 1, 1, 1, 1, 1)`),
      ).rejects.toThrow();

      // Nothing new: the same file again touches no index.
      const again = await importMarketFile(h.db, file('prices.csv'), LARGE);
      expect(again).toMatchObject({ inserted: 0, updated: 0, unchanged: 6 * 262, errors: [] });
      expect(await dateIndex()).toBe(rebuilt);
    });

    it('keeps the indexes when the new rows do not outnumber the stored ones', async () => {
      const [header, ...rows] = lines('prices.csv');
      await importMarketFile(h.db, variant('most', [header!, ...rows.slice(0, 1200)]), LARGE);
      const index = await dateIndex();
      const r = await importMarketFile(h.db, file('prices.csv'), { ...TODAY, rebuildMinRows: 100 });
      expect(r).toMatchObject({ inserted: rows.length - 1200, unchanged: 1200, errors: [] });
      expect(await dateIndex()).toBe(index);
    });

    it('names a ticker and date given twice, and writes nothing', async () => {
      const before = await shape();
      const version = await marketVersion(h.db);
      const [header, ...rows] = lines('prices.csv');
      const r = await importMarketFile(h.db, variant('twice', [header!, ...rows, rows[5]!, rows[9]!]), LARGE);
      const cell = (i: number, c: number) => rows[i]!.split(',')[c];
      expect(r.errors.map(formatRowError)).toEqual([
        `Baris ${rows.length + 2}, kolom date: harga ${cell(5, 1)} tanggal ${cell(5, 0)} sudah ada di baris 7`,
        `Baris ${rows.length + 3}, kolom date: harga ${cell(9, 1)} tanggal ${cell(9, 0)} sudah ada di baris 11`,
      ]);
      expect(r).toMatchObject({ inserted: 0, updated: 0, unchanged: 0 });
      expect(await count()).toBe(0);
      expect(await shape()).toEqual(before);
      expect(await marketVersion(h.db)).toBe(version);
    });

    it('writes no stock row when an index row comes twice after them', async () => {
      const [header, ...rows] = lines('prices.csv');
      const [, ...indexRows] = lines('indexes.csv');
      const p = variant('mixed', [header!, ...rows, ...indexRows.slice(0, 5), indexRows[2]!]);
      const r = await importMarketFile(h.db, p, LARGE);
      const [date, code] = indexRows[2]!.split(',');
      expect(r.errors.map(formatRowError)).toEqual([
        `Baris ${rows.length + 7}, kolom date: harga ${code} tanggal ${date} sudah ada di baris ${rows.length + 4}`,
      ]);
      expect(await count()).toBe(0);
      expect(await h.db.select().from(indexPrices)).toEqual([]);
    });
  });

  it('finds a key given twice in a row of an otherwise ordered file', async () => {
    const [header, ...rows] = lines('prices.csv');
    const r = await run(variant('adjacent', [header!, ...rows.slice(0, 10), rows[9]!, ...rows.slice(10, 20)]));
    const [date, ticker] = rows[9]!.split(',');
    expect(r.errors.map(formatRowError)).toEqual([
      `Baris 12, kolom date: harga ${ticker} tanggal ${date} sudah ada di baris 11`,
    ]);
    expect(await count()).toBe(0);
  });

  it('imports a file ordered by date, then code, and reports it unchanged the second time', async () => {
    const [header, ...rows] = lines('prices.csv');
    const byDate = [...rows].sort((a, b) => a.slice(0, 16).localeCompare(b.slice(0, 16)));
    const p = variant('by-date', [header!, ...byDate]);
    expect(await run(p)).toMatchObject({ inserted: rows.length, errors: [] });
    expect(await run(p)).toMatchObject({ inserted: 0, updated: 0, unchanged: rows.length, errors: [] });
  });

  it('reads comma files with CRLF line ends through the quick path', async () => {
    const [header, ...rows] = lines('prices.csv');
    const p = file('crlf.csv');
    writeFileSync(p, `${[header!, ...rows.slice(0, 3)].join('\r\n')}\r\n`);
    expect(await run(p)).toMatchObject({ inserted: 3, errors: [] });
    const stored = await h.db.select().from(dailyPrices).orderBy(asc(dailyPrices.ticker), asc(dailyPrices.date));
    expect(stored.map((p) => [p.date, p.ticker, p.open, p.high, p.low, p.close, p.volume].join(','))).toEqual(
      rows.slice(0, 3),
    );
  });
});
