/**
 * Market data of one emiten for the research pages: the price history (split-adjusted for the chart),
 * key figures at the last close, dividend history and PER/PBV bands. Database + the valuation domain.
 */
import { asc, eq, inArray } from 'drizzle-orm';
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

export interface DailyBar {
  date: string;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
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
  bars: DailyBar[];
  quarters: Quarter[];
  dividends: DividendRow[];
  changes: ShareChange[];
}

/** One emiten's history, read once per market-data version (shared between requests: do not mutate). */
export function marketHistory(db: Db, ticker: string): Promise<MarketHistory> {
  return perMarketVersion(db, `history:${ticker}`, () => readMarketHistory(db, ticker));
}

/** One string per trading day (a few thousand), shared by every ticker's bars of that day. */
const dates = new Map<string, string>();
function sharedDate(date: string): string {
  const kept = dates.get(date);
  if (kept !== undefined) return kept;
  dates.set(date, date);
  return date;
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
  // Kept for up to 160 tickers of ~2 500 days: each bar built with one shape (the driver's row objects
  // carry their fields out of line), its date one shared string per trading day. About 50 bytes less
  // per bar, some 20 MB at market scale (issue 29).
  const bars: DailyBar[] = rows.map((r) => ({
    date: sharedDate(r.date),
    open: r.open,
    high: r.high,
    low: r.low,
    close: r.close,
    volume: r.volume,
  }));
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
  const last = history.bars.at(-1);
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
 * changes since), so a split is not a cliff on the chart.
 */
export const adjustedBars = derivedOnce((history: MarketHistory): DailyBar[] => {
  const last = history.bars.at(-1)?.date;
  if (!last || history.changes.length === 0) return history.bars;
  return history.bars.map((b) => {
    const f = history.changes.reduce((acc, c) => (c.exDate > b.date && c.exDate <= last ? acc * c.factor : acc), 1);
    if (f === 1) return b;
    return {
      date: b.date,
      open: b.open / f,
      high: b.high / f,
      low: b.low / f,
      close: b.close / f,
      volume: Math.round(b.volume * f),
    };
  });
});

/** A per-share price stated on `date` (a target price) in today's share count. */
export function adjustedPrice(history: MarketHistory, price: number, date: string): number {
  const last = history.bars.at(-1)?.date;
  return last && date < last ? restate(price, history.changes, date, last) : price;
}

export interface Band {
  points: BandPoint[];
  stats: BandStats | null;
}

/** PER and PBV histories over all prices (stats over every day; points thinned to one per week). */
export const valuationBands = derivedOnce((history: MarketHistory): { per: Band; pbv: Band } => {
  const prices = history.bars.map((b) => ({ date: b.date, close: b.close }));
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
