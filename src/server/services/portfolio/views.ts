/**
 * The JSON shapes of the portfolio API, which the pages also hand to their islands: plain data,
 * amounts in whole Rupiah, ratios as fractions (0.125 = 12,5 %), dates as `YYYY-MM-DD`.
 */
import {
  PERIODS,
  periodMetrics,
  type AllocationSlice,
  type DividendRecord,
  type Holding,
  type PeriodKey,
  type PeriodMetrics,
  type PortfolioReport,
  type PortfolioSummary,
} from '../../../domain/portfolio';
import { formatDate } from '../../../lib/format';
import type { PortfolioData } from './report';

export interface PortfolioRef {
  id: string;
  name: string;
}

export interface HoldingRow extends Omit<Holding, 'portfolioId'> {
  name: string;
}

export interface HoldingsView {
  asOf: string;
  demo: boolean;
  portfolio: PortfolioRef | null;
  holdings: HoldingRow[];
  summary: PortfolioSummary;
}

export interface DividendRow extends DividendRecord {
  name: string;
  portfolioName: string;
}

export interface DividendsView {
  asOf: string;
  demo: boolean;
  portfolio: PortfolioRef | null;
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
  periods: Partial<Record<PeriodKey, PeriodMetrics>>;
  allocation: { bySector: AllocationSlice[]; byStock: AllocationSlice[] };
}

const ref = (data: PortfolioData): PortfolioRef | null =>
  data.selected && { id: data.selected.id, name: data.selected.name };

/** Holdings (combined over the report's portfolios) and the summary. */
export function holdingsView(data: PortfolioData, report: PortfolioReport, portfolio = ref(data)): HoldingsView {
  const holdings = report.holdings.combined.map(({ portfolioId: _, ...h }) => ({
    ...h,
    name: data.names.get(h.ticker) ?? h.ticker,
  }));
  return { asOf: report.asOf, demo: data.demo, portfolio, holdings, summary: report.summary };
}

export function dividendsView(data: PortfolioData, report: PortfolioReport): DividendsView {
  const portfolioNames = new Map(data.portfolios.map((p) => [p.id, p.name]));
  const rows = report.dividends.records.map((r) => ({
    ...r,
    name: data.names.get(r.ticker) ?? r.ticker,
    portfolioName: portfolioNames.get(r.portfolioId) ?? '',
  }));
  const received = rows
    .filter((r) => r.status === 'received')
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
    received: d.received,
    upcoming: d.upcoming,
    byYear: d.byYear,
    yieldOnCost: d.yieldOnCost,
    receivedRecords: received,
    upcomingRecords: upcoming,
    notes,
  };
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

/** Period figures for the periods asked (default: all four) and the allocation at as-of. */
export function metricsView(
  data: PortfolioData,
  report: PortfolioReport,
  periods: readonly PeriodKey[] = PERIODS,
): MetricsView {
  return {
    asOf: report.asOf,
    demo: data.demo,
    portfolio: ref(data),
    periods: Object.fromEntries(periods.map((p) => [p, compactChart(periodMetrics(report, p))])),
    allocation: report.allocation,
  };
}
