/**
 * The yearly report for the tax return (SPT Tahunan): the engine run as of 31 December of the year
 * over all the member's portfolios, shaped with company and portfolio names.
 */
import {
  annualReport,
  yearEnd,
  type AnnualDividend,
  type AnnualHolding,
  type AnnualReport,
  type AnnualSale,
} from '../../../domain/portfolio';
import { eq, min } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { portfolios, transactions } from '../../db/schema';
import { computeFor, loadPortfolioData } from './engine-input';

/** The earliest year a report is offered for. */
export const FIRST_REPORT_YEAR = 2000;

export interface AnnualView extends Omit<AnnualReport, 'holdings' | 'dividends' | 'sales'> {
  demo: boolean;
  holdings: (AnnualHolding & { name: string })[];
  dividends: (AnnualDividend & { name: string; portfolioName: string })[];
  sales: (AnnualSale & { name: string; portfolioName: string })[];
}

/** Years with a full report: from the member's first transaction's year to last year, newest first. */
export async function reportYears(db: Db, userId: string, today: string): Promise<number[]> {
  const [row] = await db
    .select({ first: min(transactions.date) })
    .from(transactions)
    .innerJoin(portfolios, eq(portfolios.id, transactions.portfolioId))
    .where(eq(portfolios.userId, userId));
  const first = row?.first;
  const last = Number(today.slice(0, 4)) - 1;
  if (!first) return [];
  const years: number[] = [];
  for (let y = last; y >= Math.max(FIRST_REPORT_YEAR, Number(first.slice(0, 4))); y--) years.push(y);
  return years;
}

/** True when `year` is a whole year that has ended by `today` and that reports are offered for. */
export function isReportYear(year: number, today: string): boolean {
  return Number.isInteger(year) && year >= FIRST_REPORT_YEAR && year < Number(today.slice(0, 4));
}

/** The member's report for `year` (which must have ended; see `isReportYear`). */
export async function annualReportFor(db: Db, userId: string, year: number): Promise<AnnualView> {
  const data = (await loadPortfolioData(db, userId, { asOf: yearEnd(year) }))!;
  const report = annualReport(computeFor(data), year);
  const name = (ticker: string) => data.names.get(ticker) ?? ticker;
  const portfolioNames = new Map(data.portfolios.map((p) => [p.id, p.name]));
  const portfolioName = (id: string) => portfolioNames.get(id) ?? '';
  return {
    ...report,
    demo: data.demo,
    holdings: report.holdings.map((h) => ({ ...h, name: name(h.ticker) })),
    dividends: report.dividends.map((d) => ({
      ...d,
      name: name(d.ticker),
      portfolioName: portfolioName(d.portfolioId),
    })),
    sales: report.sales.map((s) => ({ ...s, name: name(s.ticker), portfolioName: portfolioName(s.portfolioId) })),
  };
}
