/**
 * Closes aligned to the valuation calendar, built once so the daily pass reads a typed array instead
 * of searching price lists. Cost: linear in the price points of the tickers involved.
 */
import type { DailyClose, IsoDate, PriceHistory } from './types';

export interface PriceTable {
  /** Valuation days, ascending: every trading day (IHSG or any ticker involved) in range. */
  dates: IsoDate[];
  /** Close of ticker i on day d (or the last close before it) at `d * tickerCount + i`; NaN before any close. */
  closes: Float64Array;
  tickerCount: number;
  /** Date of the close used on the last valuation day, per ticker; null without one. */
  lastCloseDates: (IsoDate | null)[];
}

/** Index of the first close dated on or after `date` (list sorted ascending). */
export function lowerBound(list: readonly DailyClose[], date: IsoDate): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]!.date < date) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** True when every date of `list` from index `j` up to `to` is in `base` (both sorted). */
function covers(base: readonly IsoDate[], list: readonly DailyClose[], j: number, to: IsoDate): boolean {
  let i = 0;
  for (; j < list.length && list[j]!.date <= to; j++) {
    const date = list[j]!.date;
    while (i < base.length && base[i]! < date) i++;
    if (base[i] !== date) return false;
  }
  return true;
}

/** The sorted union of `base` and the dates of `list` within [from, to]; `base` itself when it has them all. */
function mergeDates(base: IsoDate[], list: readonly DailyClose[], from: IsoDate, to: IsoDate): IsoDate[] {
  let j = lowerBound(list, from);
  // Tickers nearly always trade on the IHSG's days: checking first avoids a new array per ticker.
  if (covers(base, list, j, to)) return base;
  const out: IsoDate[] = [];
  let i = 0;
  while (i < base.length || (j < list.length && list[j]!.date <= to)) {
    const a = base[i];
    const b = j < list.length && list[j]!.date <= to ? list[j]!.date : undefined;
    if (b === undefined || (a !== undefined && a < b)) {
      out.push(a!);
      i++;
    } else {
      if (a === b) i++;
      out.push(b);
      j++;
    }
  }
  return out;
}

/** Trading days in [from, to] seen in the IHSG or any of the tickers' closes. */
export function tradingDays(
  ihsg: readonly DailyClose[],
  prices: PriceHistory,
  tickers: readonly string[],
  from: IsoDate,
  to: IsoDate,
): IsoDate[] {
  let days = mergeDates([], ihsg, from, to);
  for (const t of tickers) {
    const list = prices.get(t);
    if (list) days = mergeDates(days, list, from, to);
  }
  return days;
}

/**
 * Writes the close in force on each calendar day into `out` at `d * stride + offset`.
 * Returns the date of the close in force on the last day.
 */
export function alignCloses(
  list: readonly DailyClose[],
  dates: readonly IsoDate[],
  out: Float64Array,
  stride: number,
  offset: number,
): IsoDate | null {
  let j = dates.length > 0 ? lowerBound(list, dates[0]!) : 0;
  let close = j > 0 ? list[j - 1]!.close : NaN;
  let closeDate = j > 0 ? list[j - 1]!.date : null;
  for (let d = 0; d < dates.length; d++) {
    const day = dates[d]!;
    while (j < list.length && list[j]!.date <= day) {
      close = list[j]!.close;
      closeDate = list[j]!.date;
      j++;
    }
    out[d * stride + offset] = close;
  }
  return closeDate;
}

/** The aligned price table for `tickers` over `dates`. */
export function buildPriceTable(prices: PriceHistory, tickers: readonly string[], dates: IsoDate[]): PriceTable {
  const n = tickers.length;
  const closes = new Float64Array(n * dates.length).fill(NaN);
  const lastCloseDates = tickers.map((t, i) => alignCloses(prices.get(t) ?? [], dates, closes, n, i));
  return { dates, closes, tickerCount: n, lastCloseDates };
}
