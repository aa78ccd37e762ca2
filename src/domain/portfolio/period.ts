/**
 * Performance over a period picked on the metrics page (1 and 3 months, YTD, 1 and 3 years, all, or
 * a custom from–to range), computed from the engine's daily series: the value at the end of the day
 * before the period is invested at its start.
 */
import { addDays, addMonthsToDay, toDayNumber } from '../dates';
import { annualise, maxDrawdown, volatility, xirr } from './returns';
import type { ComparisonPoint, Drawdown, IsoDate, PortfolioReport } from './types';

/** The preset periods, shortest first: 1 and 3 months (bulan), year to date, 1 and 3 years (tahun), all. */
export const PERIODS = ['1b', '3b', 'ytd', '1t', '3t', 'semua'] as const;
export type PeriodKey = (typeof PERIODS)[number];
/** A from–to range the member picks; its bounds travel beside the key. */
export const CUSTOM_PERIOD = 'kustom';
export type AnyPeriod = PeriodKey | typeof CUSTOM_PERIOD;

/** Inclusive date bounds; null leaves that side open (first day, as-of). */
export interface DateRange {
  from: IsoDate | null;
  to: IsoDate | null;
}

export interface PeriodMetrics {
  period: AnyPeriod;
  /** First and last valuation day in the period; null when the portfolio has no day in it. */
  startDate: IsoDate | null;
  endDate: IsoDate | null;
  /** Value at the end of the day before the period (0 when the portfolio starts inside it). */
  startValue: number;
  endValue: number;
  /** Money put in (buys with fees) and taken out (sell proceeds, dividends paid) during the period. */
  inflow: number;
  outflow: number;
  /** Simple gain in Rupiah: end value + money out − start value − money in. */
  gain: number;
  /** gain ÷ (start value + money in); null when nothing was invested. */
  simpleGainOnCost: number | null;
  timeWeightedReturn: number | null;
  annualisedReturn: number | null;
  xirr: number | null;
  maxDrawdown: Drawdown | null;
  volatility: number | null;
  ihsgReturn: number | null;
  /** The benchmark's last close inside the period when its data ends before the period does; else null. */
  benchmarkEnd: IsoDate | null;
  /** Portfolio index and IHSG rebased to 1 at the start of the period. */
  chart: ComparisonPoint[];
}

/** The first date inside the period ending at `asOf`; null for all history. */
export function periodStart(period: PeriodKey, asOf: IsoDate): IsoDate | null {
  if (period === 'semua') return null;
  if (period === 'ytd') return `${asOf.slice(0, 4)}-01-01`;
  const months = { '1b': 1, '3b': 3, '1t': 12, '3t': 36 }[period];
  // The day after the same date `months` earlier; a day the month lacks (31, 29 February) falls back
  // to that month's last day.
  return addDays(addMonthsToDay(asOf, -months), 1);
}

/** The period a metrics page opens on by default. */
const DEFAULT_PERIOD: PeriodKey = '1t';

/**
 * The period to open on: DEFAULT_PERIOD when it holds data, else the shortest longer preset that does
 * (the last year is empty when the market data ends years before today), else DEFAULT_PERIOD.
 */
export function openingPeriod(periods: Partial<Record<AnyPeriod, Pick<PeriodMetrics, 'startDate'>>>): PeriodKey {
  const candidates = PERIODS.slice(PERIODS.indexOf(DEFAULT_PERIOD));
  return candidates.find((p) => periods[p] && periods[p].startDate !== null) ?? DEFAULT_PERIOD;
}

/** The dates a preset period covers ending at `asOf`. */
export function presetRange(period: PeriodKey, asOf: IsoDate): DateRange {
  return { from: periodStart(period, asOf), to: null };
}

type Series = Pick<PortfolioReport, 'series' | 'performance' | 'asOf'>;

function empty(period: AnyPeriod): PeriodMetrics {
  return {
    period,
    startDate: null,
    endDate: null,
    startValue: 0,
    endValue: 0,
    inflow: 0,
    outflow: 0,
    gain: 0,
    simpleGainOnCost: null,
    timeWeightedReturn: null,
    annualisedReturn: null,
    xirr: null,
    maxDrawdown: null,
    volatility: null,
    ihsgReturn: null,
    benchmarkEnd: null,
    chart: [],
  };
}

/** Index of the first point dated on or after `start`. */
function firstIndex(report: Series, start: IsoDate | null): number {
  if (start === null) return 0;
  const i = report.series.findIndex((p) => p.date >= start);
  return i === -1 ? report.series.length : i;
}

/** One past the last point dated on or before `end`. */
function endIndex(report: Series, end: IsoDate | null): number {
  const n = report.series.length;
  if (end === null) return n;
  let i = n;
  while (i > 0 && report.series[i - 1]!.date > end) i--;
  return i;
}

/**
 * The figures over the valuation days inside `range` (a preset's own range when none is given). The
 * time-weighted return chains the daily returns of exactly those days; over all history the return
 * measures are the engine's own.
 */
export function periodMetrics(report: Series, period: AnyPeriod, range?: DateRange): PeriodMetrics {
  const { series, performance: perf } = report;
  const r = range ?? (period === CUSTOM_PERIOD ? { from: null, to: null } : presetRange(period, report.asOf));
  const i0 = firstIndex(report, r.from);
  const n = endIndex(report, r.to);
  if (i0 >= n) return empty(period);
  const before = i0 > 0 ? series[i0 - 1]! : null;
  const startValue = before?.value ?? 0;
  const base = before ? perf.comparison[i0 - 1]! : { portfolio: 1, ihsg: 1 };
  let inflow = 0;
  let outflow = 0;
  const days: number[] = before && startValue > 0 ? [toDayNumber(before.date)] : [];
  const amounts: number[] = before && startValue > 0 ? [-startValue] : [];
  const returns: number[] = [];
  const chart: ComparisonPoint[] = [];
  for (let i = i0; i < n; i++) {
    const p = series[i]!;
    inflow += p.inflow;
    outflow += p.outflow;
    if (p.inflow !== p.outflow) {
      days.push(toDayNumber(p.date));
      amounts.push(p.outflow - p.inflow);
    }
    returns.push(p.dailyReturn ?? NaN);
    const c = perf.comparison[i]!;
    const ihsg = c.ihsg !== null && base.ihsg ? c.ihsg / base.ihsg : null;
    chart.push({ date: c.date, portfolio: c.portfolio / base.portfolio, ihsg });
  }
  const endValue = series[n - 1]!.value;
  const gain = endValue + outflow - startValue - inflow;
  const invested = startValue + inflow;
  const metrics: PeriodMetrics = {
    period,
    startDate: series[i0]!.date,
    endDate: series[n - 1]!.date,
    startValue,
    endValue,
    inflow,
    outflow,
    gain,
    simpleGainOnCost: invested > 0 ? gain / invested : null,
    timeWeightedReturn: perf.timeWeightedReturn,
    annualisedReturn: perf.annualisedReturn,
    xirr: perf.xirr,
    maxDrawdown: perf.maxDrawdown,
    volatility: perf.volatility,
    ihsgReturn: perf.ihsgReturn,
    benchmarkEnd: perf.benchmarkEnd,
    chart,
  };
  const whole = n === series.length;
  if (i0 === 0 && whole) return metrics;
  const last = chart[chart.length - 1]!;
  const twr = last.portfolio - 1;
  // The benchmark's return runs to its own last close in the period, never past its data.
  let b = chart.length - 1;
  while (b >= 0 && chart[b]!.ihsg === null) b--;
  const dd = maxDrawdown(chart.map((c) => c.portfolio));
  const firstDay = before ? toDayNumber(before.date) : toDayNumber(series[0]!.date);
  return {
    ...metrics,
    timeWeightedReturn: twr,
    annualisedReturn: annualise(twr, toDayNumber(last.date) - firstDay),
    // The value at the period's end stands in for a sale on that day (as-of for a period that runs to it).
    xirr: xirr([...days, whole ? toDayNumber(report.asOf) : toDayNumber(last.date)], [...amounts, endValue]),
    maxDrawdown: dd && {
      depth: dd.depth,
      peakDate: dd.peak >= 0 ? chart[dd.peak]!.date : null,
      troughDate: chart[dd.trough]!.date,
    },
    volatility: volatility(returns),
    ihsgReturn: b >= 0 ? chart[b]!.ihsg! - 1 : null,
    benchmarkEnd: b >= 0 && b < chart.length - 1 ? chart[b]!.date : null,
  };
}
