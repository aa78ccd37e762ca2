/**
 * Validation of the IDX daily "Ringkasan Saham" (stock summary) export, mapped to daily price rows.
 * The whole file describes one trading day: the `--date` option, or else the latest "Tanggal
 * Perdagangan Terakhir" in the file (a stock that did not trade shows the older day it last traded,
 * so that column cannot date its own row).
 */
import { DuplicateGuard, RowReader, tickerRef } from './row-reader';
import { checkOhlc } from './prices';
import type { RowContext, RowValidator } from './context';
import type { StockPriceRecord, TickerRef } from './types';
import { parseIdxDate } from '../../../domain/market-values';
import { summaryOpen } from '../../../domain/idx';

const DATE_COLUMN = 'Tanggal Perdagangan Terakhir';

/** The trading day of the file, or undefined after recording why there is none. */
function tradingDay(rows: RowReader[], ctx: RowContext): string | undefined {
  if (ctx.date) return ctx.date;
  if (rows[0] && !rows[0].has('date')) {
    ctx.errors.push({ line: 1, column: DATE_COLUMN, message: 'kolom tidak ada; berikan tanggal dengan opsi --date' });
    return undefined;
  }
  let latest: string | undefined;
  for (const r of rows) {
    const d = r.date('date', ctx.today, parseIdxDate);
    if (d && (!latest || d > latest)) latest = d;
  }
  return latest;
}

/**
 * One summary row as a price row. A traded row's open follows `summaryOpen`; a stock that did not trade
 * (IDX gives 0 for its high and low) keeps its previous price, volume 0.
 */
function readRow(r: RowReader, date: string | undefined): StockPriceRecord | undefined {
  const ticker = r.ticker('ticker');
  const previous = r.integer('previous', 0, 'harga harus bilangan bulat tidak negatif');
  const rawOpen = r.integer('open', 0, 'harga harus bilangan bulat tidak negatif');
  const firstTrade = r.optionalInteger('first_trade', 0, 'harga harus bilangan bulat tidak negatif');
  const rawHigh = r.integer('high', 0, 'harga harus bilangan bulat tidak negatif');
  const rawLow = r.integer('low', 0, 'harga harus bilangan bulat tidak negatif');
  const close = r.integer('close', 1, 'harga harus bilangan bulat positif');
  const volume = r.integer('volume', 0, 'volume harus bilangan bulat tidak negatif');
  if (r.failed || !date) return undefined;
  const untraded = rawHigh === 0 && rawLow === 0;
  if (untraded) {
    const open = previous! > 0 ? previous! : close!;
    const [high, low] = [Math.max(open, close!), Math.min(open, close!)];
    return { ticker: ticker!, date, open, high, low, close: close!, volume: volume! };
  }
  const prices = { open: rawOpen!, firstTrade: firstTrade ?? 0, previous: previous!, high: rawHigh!, low: rawLow! };
  const open = summaryOpen({ ...prices, close: close! });
  checkOhlc(r, { open, high: rawHigh!, low: rawLow!, close: close! });
  return r.failed
    ? undefined
    : { ticker: ticker!, date, open, high: rawHigh!, low: rawLow!, close: close!, volume: volume! };
}

/** Validates a stock summary; a code listed twice is an error. */
export const validateRingkasan: RowValidator = (rows, ctx) => {
  const date = tradingDay(rows, ctx);
  const stocks: StockPriceRecord[] = [];
  const refs: TickerRef[] = [];
  const dupes = new DuplicateGuard();
  for (const r of rows) {
    const rec = readRow(r, date);
    const ref = tickerRef(r, 'ticker');
    if (ref) refs.push(ref);
    if (rec) dupes.check(r, rec.ticker, 'ticker', `kode saham ${rec.ticker}`);
    if (rec && !r.failed) stocks.push(rec);
  }
  return { file: { kind: 'ringkasan', stocks, indexes: [] }, refs };
};
