import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { createTestDb } from '../../../../tests/db';
import type { DbHandle } from '../../db/client';
import { corporateActions, dailyPrices, emiten, fundamentals, indexPrices } from '../../db/schema';
import { keyFigures, marketHistory } from '../research/emiten-figures';
import { formatRowError, importMarketCsv, type ImportOptions } from '.';
import { marketVersion } from '../market/version';
import { indexesOf } from '../screener/index-membership';
import { addDays } from '../../../domain/dates';

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
    const day = (i: number) => addDays('2019-01-01', i);
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

  it('imports fundamentals per quarter, idempotently, and the key figures follow from them', async () => {
    await run(fixture('emiten'));
    await run(fixture('prices'));
    expect(await run(fixture('fundamentals'))).toMatchObject({
      kind: 'fundamentals',
      rows: 6,
      inserted: 6,
      errors: [],
    });
    expect(await run(fixture('fundamentals'))).toMatchObject({ inserted: 0, updated: 0, unchanged: 6 });
    const goto = await h.db.select().from(fundamentals).where(eq(fundamentals.ticker, 'GOTO'));
    expect(goto).toEqual([
      {
        ticker: 'GOTO',
        periodEnd: '2026-09-30',
        revenue: 4_100_000_000_000,
        netIncome: -120_000_000_000,
        equity: 30_000_000_000_000,
        eps: '-0.1000',
        bvps: '25.2000',
      },
    ]);
    // By hand, at BBCA's close of 9 075 on 2026-11-19: EPS TTM = 105,5 + 113,5 + 117,75 + 117 = 453,75, so
    // PER = 20; PBV = 9 075 / 2 268,75 = 4; ROE = (13 + 14 + 14,5 + 15) T / ((240 + 280) T / 2) = 56,5 / 260.
    const figures = keyFigures(await marketHistory(h.db, 'BBCA'), 123_275_050_000)!;
    expect(figures.epsTtm).toBeCloseTo(453.75, 10);
    expect(figures.per).toBeCloseTo(20, 10);
    expect(figures.pbv).toBeCloseTo(4, 10);
    expect(figures.roe?.roe).toBeCloseTo(56.5 / 260, 10);
  });

  it('refuses a fundamentals file with bad rows, naming each, and writes nothing', async () => {
    await run(fixture('emiten'));
    const text = [
      'ticker,period_end,revenue,net_income,equity,eps,bvps',
      'BBCA,2026-09-30,1000,100,5000,1.5,10',
      'BBCA,2026-08-31,1000,100,5000,1.5,10',
      'BBCA,2026-06-30,-5,100,5000,1.12345,10',
      'XXXX,2026-06-30,1000,100,5000,1,10',
      'BBCA,2026-09-30,1000,100,5000,1.5,10',
    ].join('\n');
    const result = await run(text);
    expect(result.errors.map(formatRowError)).toEqual([
      'Baris 3, kolom period_end: tanggal 2026-08-31 bukan akhir kuartal (31 Maret, 30 Juni, 30 September, 31 Desember)',
      'Baris 4, kolom revenue: pendapatan harus bilangan bulat Rupiah, tidak negatif',
      'Baris 4, kolom eps: eps harus angka dengan paling banyak 4 desimal',
      'Baris 5, kolom ticker: kode saham XXXX tidak terdaftar di emiten',
      'Baris 6, kolom period_end: BBCA periode 2026-09-30 sudah ada di baris 2',
    ]);
    expect(await h.db.select().from(fundamentals)).toEqual([]);
  });

  it('imports index constituents; the periods in effect on the last close apply', async () => {
    await run(fixture('emiten'));
    await run(fixture('prices'));
    expect(await run(fixture('constituents'))).toMatchObject({ kind: 'constituents', rows: 11, inserted: 11 });
    expect(await run(fixture('constituents'))).toMatchObject({ inserted: 0, updated: 0, unchanged: 11 });
    // The prices end in November 2026: JII's list of 2026-12-01 is announced, not yet in effect.
    expect(await indexesOf(h.db, 'TLKM')).toEqual(['LQ45', 'IDX30', 'JII']);
    expect(await indexesOf(h.db, 'GOTO')).toEqual(['LQ45']);
  });
});
