import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { createTestDb } from '../../../../tests/db';
import type { DbHandle } from '../../db/client';
import { corporateActions, dailyPrices, emiten, indexPrices } from '../../db/schema';
import { formatRowError, importMarketCsv, type ImportOptions } from '.';
import { marketVersion } from '../market-version';

const fixture = (name: string) => readFileSync(`tests/fixtures/market/${name}.csv`, 'utf8');
const TODAY = { today: '2026-11-21' };

describe('market import into the database', () => {
  let h: DbHandle;
  const run = (text: string, opts: ImportOptions = {}) => importMarketCsv(h.db, text, { ...TODAY, ...opts });
  const allPrices = () => h.db.select().from(dailyPrices).orderBy(asc(dailyPrices.ticker), asc(dailyPrices.date));
  const allIndex = () => h.db.select().from(indexPrices).orderBy(asc(indexPrices.date));

  beforeEach(async () => {
    h = await createTestDb();
  });
  afterEach(() => h.close());

  it('imports emiten and then prices, reporting counts', async () => {
    expect(await run(fixture('emiten'))).toEqual({
      kind: 'emiten',
      rows: 5,
      inserted: 5,
      updated: 0,
      unchanged: 0,
      errors: [],
    });
    expect(await run(fixture('prices'))).toEqual({
      kind: 'prices',
      rows: 8,
      inserted: 8,
      updated: 0,
      unchanged: 0,
      errors: [],
    });
    expect(await allPrices()).toHaveLength(6);
    expect((await allIndex()).map((r) => [r.code, r.date, r.close])).toEqual([
      ['COMPOSITE', '2026-11-18', 7230.47],
      ['COMPOSITE', '2026-11-19', 7215.9],
    ]);
    const [goto] = await h.db.select().from(emiten).where(eq(emiten.ticker, 'GOTO'));
    expect(goto).toMatchObject({ ticker: 'GOTO', sharesOutstanding: 1_189_483_988_785, isDemo: false });
  });

  it('bumps the market version when a file changes data, and not when it changes nothing or fails', async () => {
    expect(await marketVersion(h.db)).toBe(0);
    await run(fixture('emiten'));
    const afterEmiten = await marketVersion(h.db);
    expect(afterEmiten).toBe(1);
    await run(fixture('prices'));
    expect(await marketVersion(h.db)).toBe(2);
    await run(fixture('prices'));
    expect(await marketVersion(h.db)).toBe(2);
    await run('date,ticker,open,high,low,close,volume\n2026-11-20,ZZZZ,1,1,1,1,1\n');
    expect(await marketVersion(h.db)).toBe(2);
  });

  it('leaves the same rows when the same price file is imported twice', async () => {
    await run(fixture('emiten'));
    await run(fixture('prices'));
    const before = { prices: await allPrices(), index: await allIndex() };
    expect(await run(fixture('prices'))).toEqual({
      kind: 'prices',
      rows: 8,
      inserted: 0,
      updated: 0,
      unchanged: 8,
      errors: [],
    });
    expect({ prices: await allPrices(), index: await allIndex() }).toEqual(before);
  });

  it('updates only the rows that changed', async () => {
    await run(fixture('emiten'));
    await run(fixture('prices'));
    const changed = fixture('prices').replace(
      '2026-11-19,BBRI,4230,4260,4200,4210',
      '2026-11-19,BBRI,4230,4260,4200,4220',
    );
    expect(await run(changed)).toMatchObject({ inserted: 0, updated: 1, unchanged: 7 });
    const bbri = (await allPrices()).filter((p) => p.ticker === 'BBRI').map((p) => p.close);
    expect(bbri).toEqual([4230, 4220]);
  });

  it('writes nothing from a price file with one bad row and names its line', async () => {
    await run(fixture('emiten'));
    const result = await run(fixture('prices-bad-row'));
    expect(result).toMatchObject({ kind: 'prices', rows: 3, inserted: 0, updated: 0, unchanged: 0 });
    expect(result.errors.map(formatRowError)).toEqual(['Baris 3, kolom close: harga harus bilangan bulat positif']);
    expect(await allPrices()).toEqual([]);
  });

  it('refuses prices of a ticker missing from emiten, together with the other errors', async () => {
    await run(fixture('emiten'));
    const text =
      'date,ticker,open,high,low,close,volume\n2026-11-18,BBCA,9000,9075,8975,9050,1\n2026-11-18,XXXX,100,100,100,100,1\n2026-11-18,BBRI,1,1,2,1,1\n';
    const result = await run(text);
    expect(result.errors.map(formatRowError)).toEqual([
      'Baris 3, kolom ticker: kode saham XXXX tidak terdaftar di emiten',
      'Baris 4, kolom low: harga terendah 2 lebih tinggi dari harga pembukaan atau penutupan',
    ]);
    expect(await allPrices()).toEqual([]);
  });

  it('imports a Ringkasan Saham export idempotently', async () => {
    await run(fixture('emiten'));
    expect(await run(fixture('ringkasan'))).toMatchObject({
      kind: 'ringkasan',
      rows: 5,
      inserted: 5,
      updated: 0,
      unchanged: 0,
    });
    expect(await run(fixture('ringkasan'))).toMatchObject({ inserted: 0, updated: 0, unchanged: 5, errors: [] });
    const goto = (await allPrices()).find((p) => p.ticker === 'GOTO');
    expect(goto).toEqual({ ticker: 'GOTO', date: '2026-11-20', open: 70, high: 70, low: 70, close: 70, volume: 0 });
  });

  it('upserts corporate actions on ticker, type and ex date', async () => {
    await run(fixture('emiten'));
    expect(await run(fixture('actions'))).toMatchObject({
      kind: 'actions',
      rows: 4,
      inserted: 4,
      updated: 0,
      unchanged: 0,
    });
    expect(await run(fixture('actions'))).toMatchObject({ inserted: 0, updated: 0, unchanged: 4 });
    const changed = fixture('actions').replace(',205,', ',210.5,');
    expect(await run(changed)).toMatchObject({ inserted: 0, updated: 1, unchanged: 3 });
    const rows = await h.db.select().from(corporateActions).orderBy(asc(corporateActions.exDate));
    expect(rows).toHaveLength(4);
    expect(rows.map((r) => [r.ticker, r.type, r.amount, r.ratioFrom, r.ratioTo])).toEqual([
      ['BBCA', 'split', null, 1, 5],
      ['BBCA', 'dividend', '210.5000', null, null],
      ['BBRI', 'dividend', '208.4000', null, null],
      ['ASII', 'bonus', null, 10, 1],
    ]);
  });

  it('counts correctly across batches of 1 000 rows', async () => {
    await run(fixture('emiten'));
    const day = (i: number) => new Date(Date.UTC(2019, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
    const lines = (closeOf: (i: number) => number) =>
      Array.from({ length: 2_500 }, (_, i) => `${day(i)},TLKM,3000,3100,2900,${closeOf(i)},${i}`);
    const file = (closeOf: (i: number) => number) =>
      `date,ticker,open,high,low,close,volume\n${lines(closeOf).join('\n')}\n`;
    expect(await run(file(() => 3000))).toMatchObject({ rows: 2_500, inserted: 2_500, updated: 0, unchanged: 0 });
    // Every 500th row changes: 5 updates spread over the three batches.
    expect(await run(file((i) => (i % 500 === 0 ? 3050 : 3000)))).toMatchObject({
      inserted: 0,
      updated: 5,
      unchanged: 2_495,
    });
  });
});
