/**
 * Daily OHLCV for one demo ticker and the demo indexes (IHSG, LQ45, IDX30, JII). Ticker prices are whole Rupiah on the IDX
 * grid and unadjusted: before a split's ex date they sit at the pre-split level.
 */
import { floorToTick, LOT_SIZE, roundToTick } from '../../domain/idx';
import { IHSG_CODE } from '../../domain/indexes';
import type { UniverseEntry } from './universe';
import type { dailyPrices, indexPrices } from '../db/schema';
import { bridge, type Factors, type TickerProfile } from './profile';
import { rngFor } from './rng';

export type DemoPrice = typeof dailyPrices.$inferInsert;
export type DemoIndexPrice = typeof indexPrices.$inferInsert & { volume: number };

/** A split applied to a series: prices before `exDate` are `ratioTo / ratioFrom` times higher. */
export interface SeriesSplit {
  exDate: string;
  ratioFrom: number;
  ratioTo: number;
}

/** Lowest demo price: the IDX main-board floor of Rp 50. */
const MIN_PRICE = 50;
const onGrid = (price: number) => Math.max(MIN_PRICE, roundToTick(price));

function dailyReturns(entry: UniverseEntry, p: TickerProfile, factors: Factors): number[] {
  const rng = rngFor(`${entry.ticker}:returns`);
  const sector = factors.sector.get(entry.sector);
  if (!sector) throw new Error(`No sector shocks for ${entry.sector}`);
  return factors.market.map((m, i) => (i === 0 ? 0 : p.beta * m + (sector[i] ?? 0) + p.vol * rng.normal()));
}

/**
 * OHLCV rows for `days` (ascending trading days), from the listing date on. low ≤ open, close ≤ high;
 * every price on the grid; volume in whole lots, scaled down before a split like the share count.
 */
export function tickerPrices(
  entry: UniverseEntry,
  p: TickerProfile,
  days: readonly string[],
  factors: Factors,
  split?: SeriesSplit,
): DemoPrice[] {
  const returns = dailyReturns(entry, p, factors);
  const path = bridge(returns, p.startOffset, p.endOffset);
  const rng = rngFor(`${entry.ticker}:ohlc`);
  const factorOn = (date: string) => (split && date < split.exDate ? split.ratioTo / split.ratioFrom : 1);
  const rows: DemoPrice[] = [];
  let prev: { close: number; factor: number } | undefined;
  days.forEach((date, i) => {
    const factor = factorOn(date);
    const close = onGrid(entry.basePrice * Math.exp(path[i] ?? 0) * factor);
    // The exchange's reference price after a split is the previous close divided by the ratio.
    const reference = prev ? (prev.close * factor) / prev.factor : close;
    const open = onGrid(reference * Math.exp(0.4 * p.vol * rng.normal()));
    const top = Math.max(open, close);
    const bottom = Math.min(open, close);
    const high = Math.max(top, roundToTick(top * (1 + 0.6 * p.vol * Math.abs(rng.normal()))));
    const low = Math.min(bottom, Math.max(MIN_PRICE, floorToTick(bottom * (1 - 0.6 * p.vol * Math.abs(rng.normal())))));
    const lots = (p.turnover * entry.sharesOutstanding * Math.exp(0.5 * rng.normal() - 0.125)) / factor / LOT_SIZE;
    const activity = 1 + 15 * Math.abs(returns[i] ?? 0);
    const volume = Math.max(1, Math.round(lots * activity)) * LOT_SIZE;
    prev = { close, factor };
    if (date >= entry.listingDate) rows.push({ ticker: entry.ticker, date, open, high, low, close, volume });
  });
  return rows;
}

const round2 = (x: number) => Math.round(x * 100) / 100;

/** A demo index: its code, the level it moves around and how much of the sector shocks it carries. */
export interface DemoIndex {
  code: string;
  level: number;
  sectorWeight: number;
  endOffset: number;
}

/** The IHSG and the narrower indexes members may compare against (levels near the real ones). */
export const DEMO_INDEXES: readonly DemoIndex[] = [
  { code: IHSG_CODE, level: 7_000, sectorWeight: 0.3, endOffset: 0.04 },
  { code: 'LQ45', level: 950, sectorWeight: 0.2, endOffset: 0.01 },
  { code: 'IDX30', level: 480, sectorWeight: 0.15, endOffset: -0.01 },
  { code: 'JII', level: 540, sectorWeight: 0.4, endOffset: 0.02 },
];

/**
 * Rows of one index for `days`, around its level and driven by the market shocks (plus a share of
 * every sector's), with 2-decimal levels; volume is the day's total from `volumeByDate`.
 */
export function indexSeries(
  days: readonly string[],
  factors: Factors,
  volumeByDate: ReadonlyMap<string, number>,
  index: DemoIndex = DEMO_INDEXES[0]!,
): DemoIndexPrice[] {
  const sectors = [...factors.sector.values()];
  const returns = factors.market.map(
    (m, i) => m + (index.sectorWeight * sectors.reduce((sum, s) => sum + (s[i] ?? 0), 0)) / Math.max(1, sectors.length),
  );
  const path = bridge(returns, -0.03, index.endOffset);
  // The IHSG keeps its original seed so its demo levels stay as they were.
  const rng = rngFor(index.code === IHSG_CODE ? 'index:ohlc' : `index:${index.code}:ohlc`);
  let prevClose: number | undefined;
  return days.map((date, i) => {
    const close = round2(index.level * Math.exp(path[i] ?? 0));
    const open = round2((prevClose ?? close) * (1 + 0.002 * rng.normal()));
    const high = round2(Math.max(open, close) * (1 + 0.004 * Math.abs(rng.normal())));
    const low = round2(Math.min(open, close) * (1 - 0.004 * Math.abs(rng.normal())));
    prevClose = close;
    return { code: index.code, date, open, high, low, close, volume: volumeByDate.get(date) ?? 0 };
  });
}
