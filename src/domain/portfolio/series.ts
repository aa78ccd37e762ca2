/**
 * The daily value series and the performance report built from it (TWR, XIRR, drawdown, volatility,
 * IHSG comparison over the same dates).
 */
import { toDayNumber } from '../dates';
import { alignCloses, lowerBound } from './prices';
import { annualise, chainIndex, maxDrawdown, volatility, xirr } from './returns';
import type { ComparisonPoint, DailyClose, IsoDate, PerformanceReport, ValuePoint } from './types';

export interface SeriesColumns {
  dates: readonly IsoDate[];
  value: Float64Array;
  inflow: Float64Array;
  outflow: Float64Array;
  cost: Float64Array;
}

/** The value series as points, with each day's sub-period return. */
export function valuePoints(c: SeriesColumns, returns: Float64Array): ValuePoint[] {
  const points: ValuePoint[] = new Array(c.dates.length);
  for (let d = 0; d < c.dates.length; d++) {
    const r = returns[d]!;
    points[d] = {
      date: c.dates[d]!,
      value: c.value[d]!,
      inflow: c.inflow[d]!,
      outflow: c.outflow[d]!,
      netFlow: c.inflow[d]! - c.outflow[d]!,
      cost: c.cost[d]!,
      dailyReturn: r === r ? r : null,
    };
  }
  return points;
}

/**
 * IHSG closes over `dates` ÷ the close before the first date (or the first close in range); NaN after the
 * index's last close, which is never carried past its data.
 */
function ihsgIndex(ihsg: readonly DailyClose[], dates: readonly IsoDate[]): Float64Array | null {
  if (ihsg.length === 0 || dates.length === 0) return null;
  const closes = new Float64Array(dates.length).fill(NaN);
  alignCloses(ihsg, dates, closes, 1, 0);
  const end = ihsg[ihsg.length - 1]!.date;
  for (let d = dates.length - 1; d >= 0 && dates[d]! > end; d--) closes[d] = NaN;
  const before = lowerBound(ihsg, dates[0]!);
  let base = before > 0 ? ihsg[before - 1]!.close : NaN;
  for (let d = 0; base !== base && d < closes.length; d++) base = closes[d]!;
  if (!(base > 0)) return null;
  return closes.map((c) => c / base);
}

function comparison(dates: readonly IsoDate[], index: Float64Array, ihsg: Float64Array | null): ComparisonPoint[] {
  const out: ComparisonPoint[] = new Array(dates.length);
  for (let d = 0; d < dates.length; d++) {
    const level = ihsg?.[d];
    out[d] = { date: dates[d]!, portfolio: index[d]!, ihsg: level !== undefined && level === level ? level : null };
  }
  return out;
}

export interface PerformanceInput {
  columns: SeriesColumns;
  returns: Float64Array;
  ihsg: readonly DailyClose[];
  flowDays: readonly number[];
  flowAmounts: readonly number[];
  asOf: IsoDate;
}

/** TWR, annualised TWR, XIRR (the value at as-of as the last, positive flow), drawdown, volatility, IHSG. */
export function performance(p: PerformanceInput): PerformanceReport {
  const { dates, value } = p.columns;
  const n = dates.length;
  if (n === 0) {
    return {
      startDate: null,
      endDate: null,
      timeWeightedReturn: null,
      annualisedReturn: null,
      xirr: null,
      maxDrawdown: null,
      volatility: null,
      ihsgReturn: null,
      benchmarkEnd: null,
      comparison: [],
    };
  }
  const index = chainIndex(p.returns);
  const twr = index[n - 1]! - 1;
  const ihsg = ihsgIndex(p.ihsg, dates);
  const dd = maxDrawdown(index);
  let lastIhsg = n - 1;
  while (ihsg && lastIhsg >= 0 && !(ihsg[lastIhsg]! === ihsg[lastIhsg]!)) lastIhsg--;
  const last = ihsg && lastIhsg >= 0 ? ihsg[lastIhsg] : undefined;
  return {
    startDate: dates[0]!,
    endDate: dates[n - 1]!,
    timeWeightedReturn: twr,
    annualisedReturn: annualise(twr, toDayNumber(dates[n - 1]!) - toDayNumber(dates[0]!)),
    xirr: xirr([...p.flowDays, toDayNumber(p.asOf)], [...p.flowAmounts, value[n - 1]!]),
    maxDrawdown: dd && {
      depth: dd.depth,
      peakDate: dd.peak >= 0 ? dates[dd.peak]! : null,
      troughDate: dates[dd.trough]!,
    },
    volatility: volatility(p.returns),
    ihsgReturn: last !== undefined ? last - 1 : null,
    benchmarkEnd: last !== undefined && lastIhsg < n - 1 ? dates[lastIhsg]! : null,
    comparison: comparison(dates, index, ihsg),
  };
}
