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
import { marketVersion } from '../market-version';

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
});
