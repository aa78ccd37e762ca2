/**
 * Market data of one emiten for the research pages: the price history (split-adjusted for the chart),
 * key figures at the last close, dividend history and PER/PBV bands. Database + the valuation domain.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import { fromDayNumber, toDayNumber } from '../../../domain/dates';
import type { Db } from '../../db/client';
import { corporateActions, dailyPrices, fundamentals } from '../../db/schema';
import { derivedOnce, perMarketVersion } from '../market/cache';
import {
  bandStats,
  changeFactor,
  dividendsTtm,
  dividendYieldTtm,
  epsTtm,
  latestBvps,
  marketCap,
  pbv,
  per,
  ratioHistory,
  restate,
  roe,
  weeklyLast,
  type BandPoint,
  type BandStats,
  type Quarter,
  type RoeParts,
  type ShareChange,
} from '../../../domain/valuation';

/** One day's bar, as the pages and the price API read it (`barAt`). */
export interface DailyBar {
  date: string;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

/**
 * One emiten's daily bars column by column, oldest first: day numbers (days since 1970-01-01) and
 * prices in typed arrays over one buffer. Histories of ~2 500 days are kept for up to 160 tickers
 * (`../market/cache`); as columns a bar takes 44 bytes outside the JavaScript heap instead of an object
 * of ~86 bytes inside it, which the collector never has to trace (issue 29, decision 0050).
 */
export interface DailyBars {
  readonly length: number;
  readonly days: Int32Array;
  readonly open: Float64Array;
  readonly high: Float64Array;
  readonly low: Float64Array;
  readonly close: Float64Array;
  readonly volume: Float64Array;
}

/** Empty columns for `length` bars (the day numbers shared with `days` when given). */
function allocateBars(length: number, days?: Int32Array): DailyBars {
  const prices = new Float64Array(5 * length);
  const column = (k: number) => prices.subarray(k * length, (k + 1) * length);
  return {
    length,
    days: days ?? new Int32Array(length),
    open: column(0),
    high: column(1),
    low: column(2),
    close: column(3),
    volume: column(4),
  };
}

/** One string per trading day (a few thousand), shared by every ticker's bars of that day. */
const isoDays = new Map<number, string>();

/** The `YYYY-MM-DD` date of bar `i`. */
export function dateAt(bars: DailyBars, i: number): string {
  const day = bars.days[i]!;
  let iso = isoDays.get(day);
  if (iso === undefined) isoDays.set(day, (iso = fromDayNumber(day)));
  return iso;
}

/** Bar `i` as an object (`undefined` out of range; negative counts from the end, as `Array.at`). */
export function barAt(bars: DailyBars, i: number): DailyBar | undefined {
  const at = i < 0 ? bars.length + i : i;
  if (at < 0 || at >= bars.length) return undefined;
  return {
    date: dateAt(bars, at),
    open: bars.open[at]!,
    high: bars.high[at]!,
    low: bars.low[at]!,
    close: bars.close[at]!,
    volume: bars.volume[at]!,
  };
}

/** Every bar as an object, oldest first (for tests and small histories). */
export function barList(bars: DailyBars): DailyBar[] {
  return Array.from({ length: bars.length }, (_, i) => barAt(bars, i)!);
}

/** The close of the last bar on or before `date` (`YYYY-MM-DD`), or null when there is none. */
export function closeOnOrBefore(bars: DailyBars, date: string): number | null {
  const day = toDayNumber(date);
  let lo = 0;
  let hi = bars.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (bars.days[mid]! <= day) lo = mid + 1;
    else hi = mid;
  }
  return lo === 0 ? null : bars.close[lo - 1]!;
}

export interface DividendRow {
  cumDate: string;
  exDate: string;
  recordingDate: string | null;
  paymentDate: string | null;
  /** Rupiah per share as announced (in the share count of its ex date). */
  amount: number;
  note: string | null;
}

/** Everything the valuation of one emiten is computed from, read in three queries. */
export interface MarketHistory {
  bars: DailyBars;
  quarters: Quarter[];
  dividends: DividendRow[];
  changes: ShareChange[];
}

/** One emiten's history, read once per market-data version (shared between requests: do not mutate). */
export function marketHistory(db: Db, ticker: string): Promise<MarketHistory> {
  return perMarketVersion(db, `history:${ticker}`, () => readMarketHistory(db, ticker));
}

async function readMarketHistory(db: Db, ticker: string): Promise<MarketHistory> {
  const [rows, fundRows, actionRows] = await Promise.all([
    db
      .select({
        date: dailyPrices.date,
        open: dailyPrices.open,
        high: dailyPrices.high,
        low: dailyPrices.low,
        close: dailyPrices.close,
        volume: dailyPrices.volume,
      })
      .from(dailyPrices)
      .where(eq(dailyPrices.ticker, ticker))
      .orderBy(asc(dailyPrices.date)),
    db.select().from(fundamentals).where(eq(fundamentals.ticker, ticker)).orderBy(asc(fundamentals.periodEnd)),
    db.select().from(corporateActions).where(eq(corporateActions.ticker, ticker)).orderBy(asc(corporateActions.exDate)),
  ]);
  // Kept for up to 160 tickers of ~2 500 days: as columns (`DailyBars`), not the driver's row objects.
  const bars = allocateBars(rows.length);
  rows.forEach((r, i) => {
    bars.days[i] = toDayNumber(r.date);
    bars.open[i] = r.open;
    bars.high[i] = r.high;
    bars.low[i] = r.low;
    bars.close[i] = r.close;
    bars.volume[i] = r.volume;
  });
  const quarters = fundRows.map((f) => ({
    periodEnd: f.periodEnd,
    netIncome: f.netIncome,
    equity: f.equity,
    eps: Number(f.eps),
    bvps: Number(f.bvps),
  }));
  const dividends: DividendRow[] = [];
  const changes: ShareChange[] = [];
  for (const a of actionRows) {
    if (a.type === 'dividend' && a.amount !== null) {
      const { cumDate, exDate, recordingDate, paymentDate, note } = a;
      dividends.push({ cumDate, exDate, recordingDate, paymentDate, amount: Number(a.amount), note });
    } else if ((a.type === 'split' || a.type === 'reverse_split' || a.type === 'bonus') && a.ratioFrom && a.ratioTo) {
      changes.push({ exDate: a.exDate, factor: changeFactor(a.type, a.ratioFrom, a.ratioTo) });
    }
  }
  return { bars, quarters, dividends, changes };
}

export interface KeyFigures {
  asOf: string;
  close: number;
  sharesOutstanding: number;
  marketCap: number;
  epsTtm: number | null;
  per: number | null;
  bvps: number | null;
  pbv: number | null;
  dividendsTtm: number;
  dividendYield: number | null;
  roe: RoeParts | null;
}

const figuresMemo = new WeakMap<MarketHistory, Map<number, KeyFigures | null>>();

/** Key figures at the last close in `history` (null without prices); computed once per history and share count. */
export function keyFigures(history: MarketHistory, sharesOutstanding: number): KeyFigures | null {
  let byShares = figuresMemo.get(history);
  if (!byShares) figuresMemo.set(history, (byShares = new Map()));
  if (!byShares.has(sharesOutstanding)) byShares.set(sharesOutstanding, computeKeyFigures(history, sharesOutstanding));
  return byShares.get(sharesOutstanding)!;
}

function computeKeyFigures(history: MarketHistory, sharesOutstanding: number): KeyFigures | null {
  const last = barAt(history.bars, -1);
  if (!last) return null;
  const { quarters, changes } = history;
  const asOf = last.date;
  const eps = epsTtm(quarters, changes, asOf);
  const bvps = latestBvps(quarters, changes, asOf);
  // Dividends whose ex date is after the last close are announced but not yet in the trailing year.
  const divs = dividendsTtm(history.dividends, changes, asOf);
  return {
    asOf,
    close: last.close,
    sharesOutstanding,
    marketCap: marketCap(last.close, sharesOutstanding),
    epsTtm: eps,
    per: per(last.close, eps),
    bvps,
    pbv: pbv(last.close, bvps),
    dividendsTtm: divs,
    dividendYield: dividendYieldTtm(history.dividends, changes, asOf, last.close),
    roe: roe(quarters, asOf),
  };
}

/**
 * Daily bars restated in today's share count (earlier prices divided, volumes multiplied by the share
 * changes since), so a split is not a cliff on the chart. The day numbers are shared with the history's.
 */
export const adjustedBars = derivedOnce((history: MarketHistory): DailyBars => {
  const { bars, changes } = history;
  if (bars.length === 0 || changes.length === 0) return bars;
  const last = dateAt(bars, bars.length - 1);
  const out = allocateBars(bars.length, bars.days);
  for (let i = 0; i < bars.length; i++) {
    const date = dateAt(bars, i);
    const f = changes.reduce((acc, c) => (c.exDate > date && c.exDate <= last ? acc * c.factor : acc), 1);
    if (f === 1) {
      out.open[i] = bars.open[i]!;
      out.high[i] = bars.high[i]!;
      out.low[i] = bars.low[i]!;
      out.close[i] = bars.close[i]!;
      out.volume[i] = bars.volume[i]!;
    } else {
      out.open[i] = bars.open[i]! / f;
      out.high[i] = bars.high[i]! / f;
      out.low[i] = bars.low[i]! / f;
      out.close[i] = bars.close[i]! / f;
      out.volume[i] = Math.round(bars.volume[i]! * f);
    }
  }
  return out;
});

/** A per-share price stated on `date` (a target price) in today's share count. */
export function adjustedPrice(history: MarketHistory, price: number, date: string): number {
  const last = history.bars.length > 0 ? dateAt(history.bars, history.bars.length - 1) : undefined;
  return last && date < last ? restate(price, history.changes, date, last) : price;
}

export interface Band {
  points: BandPoint[];
  stats: BandStats | null;
}

/** PER and PBV histories over all prices (stats over every day; points thinned to one per week). */
export const valuationBands = derivedOnce((history: MarketHistory): { per: Band; pbv: Band } => {
  const { bars } = history;
  const prices = Array.from({ length: bars.length }, (_, i) => ({ date: dateAt(bars, i), close: bars.close[i]! }));
  const band = (kind: 'per' | 'pbv'): Band => {
    const points = ratioHistory(kind, prices, history.quarters, history.changes);
    return { points: weeklyLast(points), stats: bandStats(points) };
  };
  return { per: band('per'), pbv: band('pbv') };
});

/** Cash dividends newest first, as announced. */
export function dividendHistory(history: MarketHistory): DividendRow[] {
  return [...history.dividends].sort((a, b) => b.exDate.localeCompare(a.exDate));
}

/** Share changes (splits, reverse splits, bonus shares) of every ticker, for restating old target prices. */
export function shareChangesByTicker(db: Db): Promise<Map<string, ShareChange[]>> {
  return perMarketVersion(db, 'share-changes', () => readShareChanges(db));
}

async function readShareChanges(db: Db): Promise<Map<string, ShareChange[]>> {
  const rows = await db
    .select()
    .from(corporateActions)
    .where(inArray(corporateActions.type, ['split', 'reverse_split', 'bonus']))
    .orderBy(asc(corporateActions.exDate));
  const map = new Map<string, ShareChange[]>();
  for (const a of rows) {
    if (!a.ratioFrom || !a.ratioTo || a.type === 'dividend' || a.type === 'rights') continue;
    const list = map.get(a.ticker) ?? [];
    list.push({ exDate: a.exDate, factor: changeFactor(a.type, a.ratioFrom, a.ratioTo) });
    map.set(a.ticker, list);
  }
  return map;
}
