/**
 * Valuation figures of a listed company from its prices, quarterly fundamentals, dividends and share
 * changes (splits, reverse splits, bonus shares). Pure: no I/O, no clock; dates are `YYYY-MM-DD`.
 *
 * Per-share values are stated in the share count of their own date (prices are unadjusted, EPS and
 * BVPS use the shares of their period end, dividends those of their ex date). Every figure converts
 * them to the share basis of its as-of date first, so a split never shows up as a jump in PER or yield.
 */
import { addDays, addMonthsToDay, toDayNumber } from './dates';

/** A change in the share count on its ex date: `factor` new shares per old share (split 1:2 → 2). */
export interface ShareChange {
  exDate: string;
  factor: number;
}

/** One quarter: flows (net income) for the quarter alone, equity at its end, EPS/BVPS as reported. */
export interface Quarter {
  periodEnd: string;
  netIncome: number;
  equity: number;
  eps: number;
  bvps: number;
}

export interface CashDividend {
  exDate: string;
  /** Rupiah per share, as announced. */
  amount: number;
}

export interface PricePoint {
  date: string;
  close: number;
}

/** How many shares one share stated on `from` has become by `to` (changes with from < exDate ≤ to). */
export function shareFactor(changes: readonly ShareChange[], from: string, to: string): number {
  let f = 1;
  for (const c of changes) if (c.exDate > from && c.exDate <= to) f *= c.factor;
  return f;
}

/** A per-share value stated on `from`, restated in the share count of `to`. */
export function restate(value: number, changes: readonly ShareChange[], from: string, to: string): number {
  return value / shareFactor(changes, from, to);
}

/** The factor of a corporate action row: split/reverse split old:new → new/old; bonus held:new → (held+new)/held. */
export function changeFactor(type: 'split' | 'reverse_split' | 'bonus', ratioFrom: number, ratioTo: number): number {
  return type === 'bonus' ? (ratioFrom + ratioTo) / ratioFrom : ratioTo / ratioFrom;
}

/** The same calendar date `years` earlier (29 February → 28 February). */
export function yearsBefore(date: string, years: number): string {
  return addMonthsToDay(date, -12 * years);
}

/** Market capitalisation in whole Rupiah: close × shares outstanding. */
export function marketCap(close: number, sharesOutstanding: number): number {
  return Math.round(close * sharesOutstanding);
}

/**
 * The last four quarters published by `asOf` (period end ≤ asOf), oldest first, or null when there are
 * fewer than four or they are not four consecutive quarters (a gap would make "TTM" a lie).
 */
export function trailingQuarters(quarters: readonly Quarter[], asOf: string): Quarter[] | null {
  const known = quarters.filter((q) => q.periodEnd <= asOf).sort((a, b) => a.periodEnd.localeCompare(b.periodEnd));
  const last4 = known.slice(-4);
  if (last4.length < 4) return null;
  // Four consecutive quarter ends span nine months: the first lies after the same date a year earlier.
  const first = last4[0] as Quarter;
  const last = last4[3] as Quarter;
  return first.periodEnd > yearsBefore(last.periodEnd, 1) ? last4 : null;
}

/** EPS of the trailing twelve months at `asOf`, in the share count of `asOf`; null without four quarters. */
export function epsTtm(quarters: readonly Quarter[], changes: readonly ShareChange[], asOf: string): number | null {
  const ttm = trailingQuarters(quarters, asOf);
  if (!ttm) return null;
  return ttm.reduce((sum, q) => sum + restate(q.eps, changes, q.periodEnd, asOf), 0);
}

/** Book value per share of the latest quarter by `asOf`, in the share count of `asOf`. */
export function latestBvps(quarters: readonly Quarter[], changes: readonly ShareChange[], asOf: string): number | null {
  let latest: Quarter | undefined;
  for (const q of quarters) if (q.periodEnd <= asOf && (!latest || q.periodEnd > latest.periodEnd)) latest = q;
  return latest ? restate(latest.bvps, changes, latest.periodEnd, asOf) : null;
}

/** PER = close / EPS TTM; null when earnings are missing or not positive (a loss has no meaningful PER). */
export function per(close: number, eps: number | null): number | null {
  return eps !== null && eps > 0 ? close / eps : null;
}

/** PBV = close / BVPS; null when book value is missing or not positive. */
export function pbv(close: number, bvps: number | null): number | null {
  return bvps !== null && bvps > 0 ? close / bvps : null;
}

/**
 * Cash dividends per share with an ex date in the twelve months up to `asOf` (asOf − 1 year < exDate ≤
 * asOf), in the share count of `asOf`.
 */
export function dividendsTtm(
  dividends: readonly CashDividend[],
  changes: readonly ShareChange[],
  asOf: string,
): number {
  const from = yearsBefore(asOf, 1);
  return dividends
    .filter((d) => d.exDate > from && d.exDate <= asOf)
    .reduce((sum, d) => sum + restate(d.amount, changes, d.exDate, asOf), 0);
}

/** Dividend yield TTM = dividends per share with ex date in the last 12 months / close. */
export function dividendYieldTtm(
  dividends: readonly CashDividend[],
  changes: readonly ShareChange[],
  asOf: string,
  close: number,
): number | null {
  return close > 0 ? dividendsTtm(dividends, changes, asOf) / close : null;
}

export interface RoeParts {
  netIncomeTtm: number;
  /** Equity at the start of the twelve months (the quarter end before the four) and at their end. */
  equityStart: number;
  equityEnd: number;
  averageEquity: number;
  roe: number;
}

/**
 * ROE = TTM net income / average equity, the average of the equity at the end of the quarter before the
 * trailing four and at the end of the last one. Null without those five quarter ends or with equity ≤ 0.
 */
export function roe(quarters: readonly Quarter[], asOf: string): RoeParts | null {
  const ttm = trailingQuarters(quarters, asOf);
  if (!ttm) return null;
  const first = ttm[0] as Quarter;
  const end = ttm[3] as Quarter;
  const before = quarters
    .filter((q) => q.periodEnd < first.periodEnd)
    .sort((a, b) => b.periodEnd.localeCompare(a.periodEnd))[0];
  // The start equity must be the quarter end just before the window (about a year before the end).
  if (!before || before.periodEnd < addDays(yearsBefore(end.periodEnd, 1), -31)) return null;
  const averageEquity = (before.equity + end.equity) / 2;
  if (averageEquity <= 0) return null;
  const netIncomeTtm = ttm.reduce((s, q) => s + q.netIncome, 0);
  return {
    netIncomeTtm,
    equityStart: before.equity,
    equityEnd: end.equity,
    averageEquity,
    roe: netIncomeTtm / averageEquity,
  };
}

export type BandKind = 'per' | 'pbv';

export interface BandPoint {
  date: string;
  value: number;
}

/**
 * PER or PBV on each trading day, from the close of that day and the fundamentals known by then, in the
 * same share count. Days without a meaningful ratio (fewer than four quarters, a loss) are left out.
 */
export function ratioHistory(
  kind: BandKind,
  prices: readonly PricePoint[],
  quarters: readonly Quarter[],
  changes: readonly ShareChange[],
): BandPoint[] {
  const out: BandPoint[] = [];
  for (const p of prices) {
    const value =
      kind === 'per'
        ? per(p.close, epsTtm(quarters, changes, p.date))
        : pbv(p.close, latestBvps(quarters, changes, p.date));
    if (value !== null) out.push({ date: p.date, value });
  }
  return out;
}

export interface BandStats {
  count: number;
  mean: number;
  /** Sample standard deviation. */
  sd: number;
  min: number;
  max: number;
  current: number;
  /** Share of the history below the current value, 0–1. */
  percentile: number;
}

/** Mean, standard deviation and position of the latest value of a ratio history; null when it has < 2 points. */
export function bandStats(points: readonly BandPoint[]): BandStats | null {
  if (points.length < 2) return null;
  const values = points.map((p) => p.value);
  const mean = values.reduce((s, v) => s + v, 0) / values.length;
  const sd = Math.sqrt(values.reduce((s, v) => s + (v - mean) ** 2, 0) / (values.length - 1));
  const current = values[values.length - 1] as number;
  return {
    count: values.length,
    mean,
    sd,
    min: Math.min(...values),
    max: Math.max(...values),
    current,
    percentile: values.filter((v) => v < current).length / values.length,
  };
}

/** The last point of each Monday-to-Sunday week, to keep a band chart light. */
export function weeklyLast<T extends { date: string }>(points: readonly T[]): T[] {
  const out: T[] = [];
  let lastWeek: number | undefined;
  for (const p of points) {
    // Day 0 (1970-01-01) was a Thursday, so (day + 3) / 7 counts Monday-based weeks.
    const week = Math.floor((toDayNumber(p.date) + 3) / 7);
    if (week === lastWeek) out[out.length - 1] = p;
    else out.push(p);
    lastWeek = week;
  }
  return out;
}
