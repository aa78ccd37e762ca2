/**
 * Daily closes of stocks and indexes as compact series (trading days and closes in typed arrays), read
 * once per market-data version and code (cache.ts) and shared between requests and members.
 * Several codes are read in one query that aggregates each code's closes into one string, so reading ten
 * years of 60 tickers costs the database a primary-key range scan and the client 60 rows, not 150 000.
 * Callers take plain `DailyClose` lists for the date range they need; the series must not be mutated.
 */
import { inArray, sql } from 'drizzle-orm';
import { fromDayNumber, toDayNumber } from '../../../domain/dates';
import type { DailyClose } from '../../../domain/portfolio';
import type { Db } from '../../db/client';
import { dailyPrices, indexPrices } from '../../db/schema';
import { perMarketVersionEach } from './cache';

export interface CloseSeries {
  /** Days since 1970-01-01, ascending. */
  days: Int32Array;
  closes: Float64Array;
}

/** At most this many series are kept (about 30 KB each for ten years): the whole market and its indexes. */
const MAX_SERIES = 1_200;

const EMPTY: CloseSeries = { days: new Int32Array(0), closes: new Float64Array(0) };

/** `"day close,day close,…"` (in any order; days are integers, closes decimals) as a series sorted by day. */
export function parseSeries(text: string | null): CloseSeries {
  if (!text) return EMPTY;
  let count = 1;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 44) count++;
  const days = new Int32Array(count);
  const closes = new Float64Array(count);
  let sorted = true;
  let at = 0;
  for (let n = 0; n < count; n++) {
    // Day numbers are small integers; closes go through Number() only when they carry decimals.
    let sign = 1;
    if (text.charCodeAt(at) === 45) {
      sign = -1;
      at++;
    }
    let day = 0;
    for (let c = text.charCodeAt(at); c !== 32; c = text.charCodeAt(++at)) day = day * 10 + (c - 48);
    days[n] = sign * day;
    const start = ++at;
    let close = 0;
    let plain = true;
    for (let c = text.charCodeAt(at); at < text.length && c !== 44; c = text.charCodeAt(++at)) {
      if (c >= 48 && c <= 57) close = close * 10 + (c - 48);
      else plain = false;
    }
    closes[n] = plain ? close : Number(text.slice(start, at));
    at++;
    if (n > 0 && days[n]! < days[n - 1]!) sorted = false;
  }
  if (sorted) return { days, closes };
  const order = Array.from(days.keys()).sort((a, b) => days[a]! - days[b]!);
  return { days: Int32Array.from(order, (i) => days[i]!), closes: Float64Array.from(order, (i) => closes[i]!) };
}

const isoDays = new Map<number, string>();

/** `YYYY-MM-DD` of a day number (the few thousand trading days are kept, so dates are shared strings). */
function isoOf(day: number): string {
  let iso = isoDays.get(day);
  if (iso === undefined) isoDays.set(day, (iso = fromDayNumber(day)));
  return iso;
}

/** First index whose day is ≥ `day`. */
function lowerBound(days: Int32Array, day: number): number {
  let lo = 0;
  let hi = days.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (days[mid]! < day) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The closes from `from` to `to` (inclusive, `YYYY-MM-DD`), oldest first. */
export function closesBetween(series: CloseSeries, from: string, to: string): DailyClose[] {
  const start = lowerBound(series.days, toDayNumber(from));
  const end = lowerBound(series.days, toDayNumber(to) + 1);
  const out: DailyClose[] = new Array(Math.max(0, end - start));
  for (let i = start; i < end; i++) out[i - start] = { date: isoOf(series.days[i]!), close: series.closes[i]! };
  return out;
}

/** Each ticker's daily close series (empty for a ticker without prices). */
export function stockSeries(db: Db, tickers: readonly string[]): Promise<Map<string, CloseSeries>> {
  return perMarketVersionEach(
    db,
    'stock-closes',
    tickers,
    async (missing) => {
      const rows = await db
        .select({
          code: dailyPrices.ticker,
          text: sql<
            string | null
          >`string_agg((${dailyPrices.date} - date '1970-01-01') || ' ' || ${dailyPrices.close}, ',')`,
        })
        .from(dailyPrices)
        .where(inArray(dailyPrices.ticker, missing))
        .groupBy(dailyPrices.ticker);
      return withEmpty(missing, rows);
    },
    MAX_SERIES,
  );
}

/** Each index's daily close series (empty for an index without levels). */
export function indexSeries(db: Db, codes: readonly string[]): Promise<Map<string, CloseSeries>> {
  return perMarketVersionEach(
    db,
    'index-closes',
    codes,
    async (missing) => {
      const rows = await db
        .select({
          code: indexPrices.code,
          text: sql<
            string | null
          >`string_agg((${indexPrices.date} - date '1970-01-01') || ' ' || ${indexPrices.close}, ',')`,
        })
        .from(indexPrices)
        .where(inArray(indexPrices.code, missing))
        .groupBy(indexPrices.code);
      return withEmpty(missing, rows);
    },
    MAX_SERIES,
  );
}

function withEmpty(codes: readonly string[], rows: { code: string; text: string | null }[]): Map<string, CloseSeries> {
  const out = new Map<string, CloseSeries>(codes.map((c) => [c, EMPTY]));
  for (const r of rows) out.set(r.code, parseSeries(r.text));
  return out;
}
