/**
 * The reports behind the portfolio pages and API, one call each: load the member's data once, run
 * the engine, shape the view. Undefined when a portfolio id is given that is not the member's.
 */
import type { PeriodKey } from '../../../domain/portfolio';
import type { Db } from '../../db/client';
import { computeFor, loadPortfolioData } from './report';
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

export async function holdingsReport(db: Db, userId: string, opts: ReportOptions): Promise<HoldingsView | undefined> {
  const data = await loadPortfolioData(db, userId, opts);
  return data && holdingsView(data, computeFor(data));
}

export async function dividendsReport(db: Db, userId: string, opts: ReportOptions): Promise<DividendsView | undefined> {
  const data = await loadPortfolioData(db, userId, opts);
  return data && dividendsView(data, computeFor(data));
}

export async function metricsReport(
  db: Db,
  userId: string,
  opts: ReportOptions & { periods?: PeriodKey[] },
): Promise<MetricsView | undefined> {
  const data = await loadPortfolioData(db, userId, opts);
  return data && metricsView(data, computeFor(data), opts.periods);
}

/** Holdings of all portfolios together and of each one (the holdings page filters between them without a request). */
export async function holdingsOverview(
  db: Db,
  userId: string,
  asOf: string,
): Promise<{ portfolios: Portfolio[]; all: HoldingsView; byPortfolio: Record<string, HoldingsView> }> {
  const data = (await loadPortfolioData(db, userId, { asOf }))!;
  const all = holdingsView(data, computeFor(data));
  const byPortfolio = Object.fromEntries(
    data.portfolios.map((p) => [p.id, holdingsView(data, computeFor(data, p.id), { id: p.id, name: p.name })]),
  );
  return { portfolios: data.portfolios, all, byPortfolio };
}
