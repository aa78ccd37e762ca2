/**
 * The demo market, generated purely and deterministically: the same `today` always gives the same
 * rows, byte for byte. Every random draw comes from a stream named after its ticker (or sector, or
 * the market), so the series of one ticker do not depend on the others.
 */
import { UNIVERSE, type UniverseEntry } from './universe';
import type { emiten } from '../db/schema';
import { dividendsFor, splitAction, type DemoAction, type PriceLookup } from './actions';
import { addDays, addMonthsToDay } from '../../domain/dates';
import { tradingDays } from './calendar';
import { demoConstituents, type DemoConstituent } from './constituents';
import { fundamentalsFor, quarterEnds, type DemoFundamental } from './fundamentals';
import {
  DEMO_INDEXES,
  indexSeries,
  tickerPrices,
  type DemoIndexPrice,
  type DemoPrice,
  type SeriesSplit,
} from './prices';
import { DEMO_SPLIT, marketFactors, tickerProfile, UPCOMING_DIVIDEND_TICKERS } from './profile';

export type DemoEmiten = typeof emiten.$inferInsert;
export type { DemoAction, DemoConstituent, DemoFundamental, DemoIndexPrice, DemoPrice };

/** Bumped whenever the generated rows change for the same `today`. */
export const DEMO_GENERATOR_VERSION = 3;
/** Years of daily prices ending at the demo "today". */
const DEMO_YEARS = 3;
/** Quarters of fundamentals per ticker. */
const DEMO_QUARTERS = 12;

export interface DemoMarket {
  today: string;
  /** First and last trading day with prices. */
  firstDate: string;
  lastDate: string;
  emiten: DemoEmiten[];
  prices: DemoPrice[];
  index: DemoIndexPrice[];
  actions: DemoAction[];
  fundamentals: DemoFundamental[];
  /** Index constituents of the period in effect on `lastDate` (docs/product.md §5.8). */
  constituents: DemoConstituent[];
}

/** The trading days of the demo window: `DEMO_YEARS` years ending on `today` (inclusive). */
function demoTradingDays(today: string): string[] {
  return tradingDays(addDays(addMonthsToDay(today, -12 * DEMO_YEARS), 1), today);
}

/** Close lookup over one ticker's rows (ascending by date). */
function priceLookup(rows: readonly DemoPrice[]): PriceLookup {
  const first = rows[0];
  const last = rows[rows.length - 1];
  if (!first || !last) throw new Error('No prices to look up');
  return {
    first: first.date,
    last: last.date,
    closeOn(date) {
      let lo = 0;
      let hi = rows.length - 1;
      // Binary search for the last row on or before `date`.
      while (lo < hi) {
        const mid = Math.ceil((lo + hi) / 2);
        if ((rows[mid] as DemoPrice).date <= date) lo = mid;
        else hi = mid - 1;
      }
      return (rows[lo] as DemoPrice).close;
    },
  };
}

function splitFor(entry: UniverseEntry, days: readonly string[]): SeriesSplit | undefined {
  if (entry.ticker !== DEMO_SPLIT.ticker) return undefined;
  const exDate = days[Math.floor(days.length / 2)];
  return exDate ? { exDate, ratioFrom: DEMO_SPLIT.ratioFrom, ratioTo: DEMO_SPLIT.ratioTo } : undefined;
}

/**
 * Generates the whole demo market for the demo "today" ('YYYY-MM-DD'): ~40 emiten, three years of
 * daily prices, the IHSG, dividends (some upcoming after `today`), the `DEMO_SPLIT` and 12 quarters
 * of fundamentals per ticker, and LQ45, IDX30 and JII constituents. Pure: no I/O, no clock, no global randomness.
 */
export function generateDemoMarket(today: string): DemoMarket {
  const days = demoTradingDays(today);
  if (days.length < 2) throw new RangeError(`Too few trading days before ${today}`);
  const factors = marketFactors(days.length, [...new Set(UNIVERSE.map((u) => u.sector))]);
  const periods = quarterEnds(today, DEMO_QUARTERS);
  const market: DemoMarket = {
    today,
    firstDate: days[0] as string,
    lastDate: days[days.length - 1] as string,
    emiten: [],
    prices: [],
    index: [],
    actions: [],
    fundamentals: [],
    constituents: demoConstituents(UNIVERSE, days[days.length - 1] as string),
  };
  for (const entry of UNIVERSE) {
    market.emiten.push(emitenRow(entry));
    const profile = tickerProfile(entry);
    const split = splitFor(entry, days);
    const rows = tickerPrices(entry, profile, days, factors, split);
    if (rows.length === 0) continue;
    const lookup = priceLookup(rows);
    const upcoming = UPCOMING_DIVIDEND_TICKERS.includes(entry.ticker) ? today : undefined;
    const sharesOn = (date: string) => sharesOutstandingOn(entry, date, split);
    market.prices.push(...rows);
    market.actions.push(...dividendsFor(entry, profile, lookup, upcoming));
    if (split) market.actions.push(splitAction(split.exDate));
    market.fundamentals.push(...fundamentalsFor(entry, profile, periods, lookup, sharesOn));
  }
  const volumes = volumeByDate(market.prices);
  market.index = DEMO_INDEXES.flatMap((index) => indexSeries(days, factors, volumes, index));
  return market;
}

/** Shares outstanding as reported on `date`: before a split's ex date, the pre-split count. */
function sharesOutstandingOn(entry: UniverseEntry, date: string, split?: SeriesSplit): number {
  if (!split || date >= split.exDate) return entry.sharesOutstanding;
  return (entry.sharesOutstanding * split.ratioFrom) / split.ratioTo;
}

function emitenRow(e: UniverseEntry): DemoEmiten {
  const { ticker, name, sector, subSector, board, listingDate, sharesOutstanding } = e;
  return { ticker, name, sector, subSector, board, listingDate, sharesOutstanding, isDemo: true };
}

function volumeByDate(prices: readonly DemoPrice[]): Map<string, number> {
  const totals = new Map<string, number>();
  for (const p of prices) totals.set(p.date, (totals.get(p.date) ?? 0) + p.volume);
  return totals;
}
