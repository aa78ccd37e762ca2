/**
 * Validation of plain price files: `date,ticker,open,high,low,close,volume`. Rows of a market index
 * (`COMPOSITE` or `IHSG`, `LQ45`, `IDX30`, `JII`) are index levels with decimals; every other ticker is
 * a stock in whole Rupiah.
 */
import { DuplicateGuard, RowReader, tickerRef } from './row-reader';
import type { RowContext, RowValidator } from './context';
import type { IndexPriceRecord, StockPriceRecord, TickerRef } from './types';
import { parseDecimal } from '../../../domain/market-values';
import { indexCode } from '../../../domain/indexes';

interface Ohlc {
  open: number;
  high: number;
  low: number;
  close: number;
}

/** Checks low ≤ open, close ≤ high, failing the row on the offending column. */
export function checkOhlc(r: RowReader, p: Ohlc): void {
  if (p.high < Math.max(p.open, p.close)) {
    r.fail('high', `harga tertinggi ${p.high} lebih rendah dari harga pembukaan atau penutupan`);
  }
  if (p.low > Math.min(p.open, p.close)) {
    r.fail('low', `harga terendah ${p.low} lebih tinggi dari harga pembukaan atau penutupan`);
  }
}

function indexPoint(r: RowReader, key: string): number | undefined {
  const s = r.raw(key);
  if (!s) return r.fail(key, 'wajib diisi');
  const d = parseDecimal(s);
  const n = d === undefined ? NaN : Number(d);
  return Number.isFinite(n) && n > 0 ? n : r.fail(key, 'nilai indeks harus angka positif');
}

/** One index row; undefined after recording why it is invalid. */
export function readIndex(r: RowReader, code: string, ctx: RowContext): IndexPriceRecord | undefined {
  const rec = {
    code,
    date: r.date('date', ctx.today),
    open: indexPoint(r, 'open'),
    high: indexPoint(r, 'high'),
    low: indexPoint(r, 'low'),
    close: indexPoint(r, 'close'),
    volume: r.integer('volume', 0, 'volume harus bilangan bulat tidak negatif'),
  };
  if (r.failed) return undefined;
  checkOhlc(r, rec as Ohlc);
  return r.failed ? undefined : (rec as IndexPriceRecord);
}

const PRICE_RULE = 'harga harus bilangan bulat positif';

/** One stock row; undefined after recording why it is invalid. */
export function readStock(r: RowReader, ctx: RowContext): StockPriceRecord | undefined {
  const rec = {
    ticker: r.ticker('ticker'),
    date: r.date('date', ctx.today),
    open: r.integer('open', 1, PRICE_RULE),
    high: r.integer('high', 1, PRICE_RULE),
    low: r.integer('low', 1, PRICE_RULE),
    close: r.integer('close', 1, PRICE_RULE),
    volume: r.integer('volume', 0, 'volume harus bilangan bulat tidak negatif'),
  };
  if (r.failed) return undefined;
  checkOhlc(r, rec as Ohlc);
  return r.failed ? undefined : (rec as StockPriceRecord);
}

/** Validates plain price rows, splitting stocks from the index; a repeated ticker and date is an error. */
export const validatePrices: RowValidator = (rows, ctx) => {
  const stocks: StockPriceRecord[] = [];
  const indexes: IndexPriceRecord[] = [];
  const refs: TickerRef[] = [];
  const dupes = new DuplicateGuard();
  const unique = (r: RowReader, code: string, date: string) => {
    dupes.check(r, `${code}|${date}`, 'date', `harga ${code} tanggal ${date}`);
    return !r.failed;
  };
  for (const r of rows) {
    const code = indexCode(r.raw('ticker'));
    if (code) {
      const rec = readIndex(r, code, ctx);
      if (rec && unique(r, code, rec.date)) indexes.push(rec);
      continue;
    }
    const rec = readStock(r, ctx);
    const ref = tickerRef(r, 'ticker');
    if (ref) refs.push(ref);
    if (rec && unique(r, rec.ticker, rec.date)) stocks.push(rec);
  }
  return { file: { kind: 'prices', stocks, indexes }, refs };
};
