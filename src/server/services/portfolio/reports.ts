/**
 * The reports behind the portfolio pages and API, one call each: load the member's data once, run
 * the engine, shape the view. Undefined when a portfolio id is given that is not the member's.
 * Each report is kept per member (report-cache.ts) until their data or the market data changes.
 */
import { IHSG_CODE, MARKET_INDEXES } from '../../../domain/indexes';
import type { AnyPeriod, DateRange, PeriodKey } from '../../../domain/portfolio';
import type { Db } from '../../db/client';
import { availableBenchmarks } from './benchmarks';
import { computeFor, loadPortfolioData } from './engine-input';
import { cachedReport } from './report-cache';
import type { Portfolio } from './types';
import {
  dividendsView,
  holdingsView,
  metricsView,
  type DividendsView,
  type HoldingsView,
  type MetricsView,
} from './views';

export interface ReportOptions {
  portfolioId?: string | null;
  asOf: string;
}

const key = (kind: string, opts: ReportOptions) => `${kind}|${opts.portfolioId ?? ''}|${opts.asOf}`;

export function holdingsReport(db: Db, userId: string, opts: ReportOptions): Promise<HoldingsView | undefined> {
  return cachedReport(db, userId, key('holdings', opts), async () => {
    const data = await loadPortfolioData(db, userId, opts);
    return data && holdingsView(data, computeFor(data));
  });
}

export function dividendsReport(
  db: Db,
  userId: string,
  opts: ReportOptions & { period?: AnyPeriod | null; range?: DateRange | null },
): Promise<DividendsView | undefined> {
  const k = `${key('dividends', opts)}|${opts.period ?? ''}|${opts.range ? `${opts.range.from}..${opts.range.to}` : ''}`;
  return cachedReport(db, userId, k, async () => {
    const data = await loadPortfolioData(db, userId, opts);
    return data && dividendsView(data, computeFor(data), opts);
  });
}

export interface MetricsOptions extends ReportOptions {
  periods?: PeriodKey[];
  range?: DateRange | null;
  /** An index code; one the data does not hold is refused. Default IHSG. */
  benchmark?: string | null;
}

/**
 * Performance per period against the chosen index. `'unknown_benchmark'` when the index asked for is
 * not one the market data holds.
 */
export async function metricsReport(
  db: Db,
  userId: string,
  opts: MetricsOptions,
): Promise<MetricsView | 'unknown_benchmark' | undefined> {
  const benchmarks = await availableBenchmarks(db);
  const code = opts.benchmark?.toUpperCase() || IHSG_CODE;
  const benchmark =
    benchmarks.find((b) => b.code === code) ??
    (opts.benchmark ? undefined : MARKET_INDEXES.find((b) => b.code === IHSG_CODE)!);
  if (!benchmark) return 'unknown_benchmark';
  const range = opts.range ? `${opts.range.from}..${opts.range.to}` : '';
  const k = `${key('metrics', opts)}|${opts.periods?.join(',') ?? ''}|${range}|${benchmark.code}`;
  return cachedReport(db, userId, k, async () => {
    const data = await loadPortfolioData(db, userId, { ...opts, benchmark: benchmark.code });
    if (!data) return undefined;
    return metricsView(data, computeFor(data), { periods: opts.periods, range: opts.range, benchmark, benchmarks });
  });
}

/** Holdings of all portfolios together and of each one (the holdings page filters between them without a request). */
export async function holdingsOverview(
  db: Db,
  userId: string,
  asOf: string,
): Promise<{ portfolios: Portfolio[]; all: HoldingsView; byPortfolio: Record<string, HoldingsView> }> {
  return cachedReport(db, userId, key('overview', { asOf }), async () => {
    const data = (await loadPortfolioData(db, userId, { asOf }))!;
    const report = computeFor(data);
    const all = holdingsView(data, report);
    // With a single portfolio, its report is the combined one: no second run of the engine.
    const byPortfolio = Object.fromEntries(
      data.portfolios.map((p) => [
        p.id,
        holdingsView(data, data.portfolios.length === 1 ? report : computeFor(data, p.id), { id: p.id, name: p.name }),
      ]),
    );
    return { portfolios: data.portfolios, all, byPortfolio };
  });
}
