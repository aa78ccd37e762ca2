/**
 * The JSON shapes of the portfolio API, which the pages also hand to their islands: plain data,
 * amounts in whole Rupiah, ratios as fractions (0.125 = 12,5 %), dates as `YYYY-MM-DD`.
 */
import {
  PERIODS,
  periodMetrics,
  presetRange,
  type AllocationSlice,
  type DividendRecord,
  CUSTOM_PERIOD,
  type AnyPeriod,
  type DateRange,
  type PeriodKey,
  type PeriodMetrics,
  type PortfolioReport,
} from '../../../domain/portfolio';
import type { MarketIndex } from '../../../domain/indexes';
import { formatDate } from '../../../lib/format';
import type { PortfolioData } from './engine-input';
import type { HoldingRow, HoldingsView, PortfolioRef } from '../../../lib/island-props';
import { flagBadges, flagLines, hasFlags, type StatusFlags } from '../../../domain/corporate/status';

export type { HoldingsView, PortfolioRef } from '../../../lib/island-props';

export interface DividendRow extends DividendRecord {
  name: string;
  portfolioName: string;
}

export interface DividendsView {
  asOf: string;
  demo: boolean;
  portfolio: PortfolioRef | null;
  /** The period the received dividends are limited to (payment date inside it); null for all. */
  period: AnyPeriod | null;
  range: DateRange | null;
  /** Received in the period (all time without one). */
  received: { gross: number; tax: number; net: number };
  upcoming: { gross: number; tax: number; net: number };
  byYear: PortfolioReport['dividends']['byYear'];
  yieldOnCost: number | null;
  /** Received, newest payment first. */
  receivedRecords: DividendRow[];
  /** Upcoming, nearest cum date first. */
  upcomingRecords: DividendRow[];
  /** Manual entries left out because the corporate-action data already pays them. */
  notes: string[];
}

export interface MetricsView {
  asOf: string;
  demo: boolean;
  portfolio: PortfolioRef | null;
  /** The index every period's `ihsgReturn` and chart line follow (IHSG unless another was chosen). */
  benchmark: MarketIndex;
  /** The indexes the market data holds, to choose from. */
  benchmarks: MarketIndex[];
  /** The custom range asked for, measured under `periods.kustom`. */
  range: DateRange | null;
  periods: Partial<Record<AnyPeriod, PeriodMetrics>>;
  allocation: { bySector: AllocationSlice[]; byStock: AllocationSlice[] };
}

/** A holding row's status badges, only when the company has any flag. */
function flagsOf(f: StatusFlags | undefined): { flags?: HoldingRow['flags'] } {
  return f && hasFlags(f) ? { flags: { badges: flagBadges(f), text: flagLines(f) } } : {};
}

const ref = (data: PortfolioData): PortfolioRef | null =>
  data.selected && { id: data.selected.id, name: data.selected.name };

/** Holdings (combined over the report's portfolios) and the summary. */
export function holdingsView(data: PortfolioData, report: PortfolioReport, portfolio = ref(data)): HoldingsView {
  const holdings = report.holdings.combined.map(({ portfolioId: _, ...h }) => ({
    ...h,
    name: data.names.get(h.ticker) ?? h.ticker,
    ...flagsOf(data.flags.get(h.ticker)),
  }));
  return { asOf: report.asOf, demo: data.demo, portfolio, holdings, summary: report.summary };
}

/** The dates a period covers: the custom range as given, a preset's ending at as-of. */
function rangeOf(period: AnyPeriod | null, range: DateRange | null, asOf: string): DateRange | null {
  if (period === CUSTOM_PERIOD) return range;
  return period ? presetRange(period, asOf) : null;
}

const inRange = (date: string | null, r: DateRange | null) =>
  r === null || (date !== null && (r.from === null || date >= r.from) && (r.to === null || date <= r.to));

/**
 * Dividends received (limited to payment dates inside the period, when one is given) and upcoming;
 * the per-year totals and yield on cost stay over all history.
 */
export function dividendsView(
  data: PortfolioData,
  report: PortfolioReport,
  choice: { period?: AnyPeriod | null; range?: DateRange | null } = {},
): DividendsView {
  const period = choice.period ?? null;
  const range = rangeOf(period, choice.range ?? null, report.asOf);
  const portfolioNames = new Map(data.portfolios.map((p) => [p.id, p.name]));
  const rows = report.dividends.records.map((r) => ({
    ...r,
    name: data.names.get(r.ticker) ?? r.ticker,
    portfolioName: portfolioNames.get(r.portfolioId) ?? '',
  }));
  const received = rows
    .filter((r) => r.status === 'received' && inRange(r.paymentDate, range))
    .sort((a, b) => (b.paymentDate ?? '').localeCompare(a.paymentDate ?? '') || a.ticker.localeCompare(b.ticker));
  const upcoming = rows
    .filter((r) => r.status === 'upcoming')
    .sort((a, b) => (a.cumDate ?? '').localeCompare(b.cumDate ?? '') || a.ticker.localeCompare(b.ticker));
  const notes = report.issues.flatMap((i) =>
    i.kind === 'duplicate_dividend'
      ? [
          `Dividen manual ${i.ticker} tanggal ${formatDate(i.date)} tidak dihitung karena sudah tercatat otomatis dari data aksi korporasi.`,
        ]
      : [],
  );
  const d = report.dividends;
  return {
    asOf: report.asOf,
    demo: data.demo,
    portfolio: ref(data),
    period,
    range,
    received: range === null ? d.received : totals(received),
    upcoming: d.upcoming,
    byYear: d.byYear,
    yieldOnCost: d.yieldOnCost,
    receivedRecords: received,
    upcomingRecords: upcoming,
    notes,
  };
}

function totals(rows: readonly DividendRecord[]): { gross: number; tax: number; net: number } {
  return rows.reduce((t, r) => ({ gross: t.gross + r.gross, tax: t.tax + r.tax, net: t.net + r.net }), {
    gross: 0,
    tax: 0,
    net: 0,
  });
}

const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

/** Chart levels to six decimals: far below what a chart shows, and a third of the bytes on a phone. */
function compactChart(m: PeriodMetrics): PeriodMetrics {
  const chart = m.chart.map((c) => ({
    date: c.date,
    portfolio: round6(c.portfolio),
    ihsg: c.ihsg === null ? null : round6(c.ihsg),
  }));
  return { ...m, chart };
}

export interface MetricsChoice {
  /** Preset periods to measure (default: all of them). */
  periods?: readonly PeriodKey[];
  /** A custom range, measured as `kustom` beside the presets. */
  range?: DateRange | null;
  benchmark: MarketIndex;
  benchmarks: MarketIndex[];
}

/** Period figures for the periods asked (and the custom range) and the allocation at as-of. */
export function metricsView(data: PortfolioData, report: PortfolioReport, choice: MetricsChoice): MetricsView {
  const periods: Partial<Record<AnyPeriod, PeriodMetrics>> = Object.fromEntries(
    (choice.periods ?? PERIODS).map((p) => [p, compactChart(periodMetrics(report, p))]),
  );
  const range = choice.range ?? null;
  if (range) periods[CUSTOM_PERIOD] = compactChart(periodMetrics(report, CUSTOM_PERIOD, range));
  return {
    asOf: report.asOf,
    demo: data.demo,
    portfolio: ref(data),
    benchmark: choice.benchmark,
    benchmarks: choice.benchmarks,
    range,
    periods,
    allocation: report.allocation,
  };
}
