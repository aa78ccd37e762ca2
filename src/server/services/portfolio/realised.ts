/** Realised gains per sale for a member, all portfolios or one, optionally one sale year. */
import { realisedByYear, realisedRows, type RealisedRow, type RealisedYear } from '../../../domain/portfolio';
import type { Db } from '../../db/client';
import { computeFor, loadPortfolioData } from './engine-input';
import type { PortfolioRef } from './views';

export interface RealisedRowView extends RealisedRow {
  name: string;
  portfolioName: string;
}

export interface RealisedView {
  asOf: string;
  portfolio: PortfolioRef | null;
  /** The sale year asked for; null for every year. */
  year: number | null;
  /** Sales, newest first (only `year`'s when one was asked for). */
  sales: RealisedRowView[];
  /** Totals per sale year over all sales, newest first. */
  byYear: RealisedYear[];
}

/** Undefined when `portfolioId` is not one of the member's. */
export async function realisedReport(
  db: Db,
  userId: string,
  opts: { portfolioId?: string | null; asOf: string; year?: number | null },
): Promise<RealisedView | undefined> {
  const data = await loadPortfolioData(db, userId, { ...opts, prices: false });
  if (!data) return undefined;
  const report = computeFor(data);
  const names = new Map(data.portfolios.map((p) => [p.id, p.name]));
  const rows = realisedRows(report.realised.sells, data.input.transactions).map((r) => ({
    ...r,
    name: data.names.get(r.ticker) ?? r.ticker,
    portfolioName: names.get(r.portfolioId) ?? '',
  }));
  const year = opts.year ?? null;
  return {
    asOf: report.asOf,
    portfolio: data.selected && { id: data.selected.id, name: data.selected.name },
    year,
    sales: year === null ? rows : rows.filter((r) => r.date.startsWith(`${year}-`)),
    byYear: realisedByYear(rows),
  };
}
