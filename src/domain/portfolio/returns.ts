/**
 * Return measures (docs/product.md §5): time-weighted return from daily sub-periods, XIRR, annualisation,
 * max drawdown on the time-weighted index and annualised volatility. Pure number functions.
 */

/** Trading days per year used to annualise daily volatility. */
export const TRADING_DAYS_PER_YEAR = 252;

/**
 * The return of each daily sub-period. Buys enter at the start of the day, proceeds and dividends
 * leave at its end: r = (V + out − V_prev − in) ÷ (V_prev + in). NaN where nothing was invested.
 */
export function dailyReturns(
  value: ArrayLike<number>,
  inflow: ArrayLike<number>,
  outflow: ArrayLike<number>,
): Float64Array {
  const out = new Float64Array(value.length);
  let prev = 0;
  for (let d = 0; d < value.length; d++) {
    const invested = prev + inflow[d]!;
    out[d] = invested > 0 ? (value[d]! + outflow[d]! - invested) / invested : NaN;
    prev = value[d]!;
  }
  return out;
}

/** The chained index after each day, starting from 1 before the first; NaN days leave it unchanged. */
export function chainIndex(returns: ArrayLike<number>): Float64Array {
  const index = new Float64Array(returns.length);
  let level = 1;
  for (let d = 0; d < returns.length; d++) {
    const r = returns[d]!;
    if (r === r) level *= 1 + r;
    index[d] = level;
  }
  return index;
}

/** (1 + total)^(365 ÷ days) − 1; null for periods under a year, which are not extrapolated. */
export function annualise(totalReturn: number, calendarDays: number): number | null {
  if (calendarDays < 365 || totalReturn <= -1) return null;
  return Math.pow(1 + totalReturn, 365 / calendarDays) - 1;
}

/** The deepest fall of `index` from a running peak (the base 1 counts as the first peak). */
export function maxDrawdown(index: ArrayLike<number>): { depth: number; peak: number; trough: number } | null {
  if (index.length === 0) return null;
  let peak = 1;
  let peakAt = -1;
  let best = { depth: 0, peak: -1, trough: 0 };
  for (let d = 0; d < index.length; d++) {
    const level = index[d]!;
    if (level > peak) {
      peak = level;
      peakAt = d;
    } else if ((peak - level) / peak > best.depth) {
      best = { depth: (peak - level) / peak, peak: peakAt, trough: d };
    }
  }
  return best;
}

/** Sample standard deviation of the daily returns (NaN skipped) × √252; null under two returns. */
export function volatility(returns: ArrayLike<number>): number | null {
  let n = 0;
  let mean = 0;
  let m2 = 0;
  for (let d = 0; d < returns.length; d++) {
    const r = returns[d]!;
    if (r !== r) continue;
    // Welford's update: stable without a second pass.
    n++;
    const delta = r - mean;
    mean += delta / n;
    m2 += delta * (r - mean);
  }
  if (n < 2) return null;
  return Math.sqrt(m2 / (n - 1)) * Math.sqrt(TRADING_DAYS_PER_YEAR);
}

function npv(rate: number, years: Float64Array, amounts: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < amounts.length; i++) sum += amounts[i]! / Math.pow(1 + rate, years[i]!);
  return sum;
}

function npvSlope(rate: number, years: Float64Array, amounts: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < amounts.length; i++) sum -= (years[i]! * amounts[i]!) / Math.pow(1 + rate, years[i]! + 1);
  return sum;
}

function newton(years: Float64Array, amounts: readonly number[], guess: number): number | null {
  let rate = guess;
  for (let i = 0; i < 100; i++) {
    const slope = npvSlope(rate, years, amounts);
    if (!Number.isFinite(slope) || slope === 0) return null;
    let next = rate - npv(rate, years, amounts) / slope;
    // Stay above −100 %, where the discount factor is undefined.
    if (next <= -1) next = (rate - 1) / 2;
    if (!Number.isFinite(next)) return null;
    if (Math.abs(next - rate) < 1e-12) return next;
    rate = next;
  }
  return null;
}

const BRACKET_GRID = [-0.999999, -0.99, -0.9, -0.5, 0, 0.5, 1, 2, 5, 10, 100, 1_000, 10_000];

function bisect(years: Float64Array, amounts: readonly number[]): number | null {
  for (let k = 1; k < BRACKET_GRID.length; k++) {
    let lo = BRACKET_GRID[k - 1]!;
    let hi = BRACKET_GRID[k]!;
    let fLo = npv(lo, years, amounts);
    if (Math.sign(fLo) === Math.sign(npv(hi, years, amounts))) continue;
    for (let i = 0; i < 200 && hi - lo > 1e-13; i++) {
      const mid = (lo + hi) / 2;
      const fMid = npv(mid, years, amounts);
      if (Math.sign(fMid) === Math.sign(fLo)) [lo, fLo] = [mid, fMid];
      else hi = mid;
    }
    return (lo + hi) / 2;
  }
  return null;
}

/**
 * XIRR as in spreadsheets: the rate r with Σ amount ÷ (1 + r)^((day − first day) ÷ 365) = 0.
 * Newton's method first; when it fails, bisection over the first sign change on a grid of rates.
 * Null without both a negative and a positive flow, or when no root is found.
 */
export function xirr(days: readonly number[], amounts: readonly number[], guess = 0.1): number | null {
  if (!amounts.some((a) => a < 0) || !amounts.some((a) => a > 0)) return null;
  const first = days.reduce((a, b) => Math.min(a, b), Infinity);
  const scale = amounts.reduce((a, b) => Math.max(a, Math.abs(b)), 0);
  const years = Float64Array.from(days, (d) => (d - first) / 365);
  const rate = newton(years, amounts, guess);
  if (rate !== null && Math.abs(npv(rate, years, amounts)) < 1e-9 * scale) return rate;
  return bisect(years, amounts);
}
