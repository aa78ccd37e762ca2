/**
 * The yearly report for the tax return (SPT Tahunan): the engine run as of 31 December of the year
 * over all the member's portfolios, shaped with company and portfolio names.
 */
import {
  annualReport,
  yearEnd,
  type AnnualDividend,
  type AnnualExemptDividend,
  type AnnualHolding,
  type AnnualRealisation,
  type AnnualReport,
  type AnnualSale,
} from '../../../domain/portfolio';
import { wibDate } from '../../../domain/dates';
import { now } from '../../clock';
import { eq, min } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { portfolios, transactions } from '../../db/schema';
import { computeFor, loadPortfolioData } from './engine-input';

/** The earliest year a report is offered for. */
const FIRST_REPORT_YEAR = 2000;

type Named<T> = T & { name: string; portfolioName: string };

export interface AnnualView extends Omit<
  AnnualReport,
  'holdings' | 'dividends' | 'exemptDividends' | 'sales' | 'realisation'
> {
  demo: boolean;
  /** The member's portfolios the report covers, by name. */
  portfolioNames?: string[];
  holdings: (AnnualHolding & { name: string })[];
  dividends: Named<AnnualDividend>[];
  exemptDividends: Named<AnnualExemptDividend>[];
  sales: Named<AnnualSale>[];
  realisation: Named<AnnualRealisation>[];
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

/**
 * The member's report for `year` (which must have ended; see `isReportYear`). Holdings, sales and
 * dividends are as of 31 December; the dividends' tax position (investments made up to the deadline
 * in the next year, covering shares sold since) is as of today.
 */
export async function annualReportFor(db: Db, userId: string, year: number): Promise<AnnualView> {
  const data = (await loadPortfolioData(db, userId, { asOf: yearEnd(year) }))!;
  const today = wibDate(now());
  const atYearEnd = computeFor(data);
  if (today > yearEnd(year)) {
    const later = (await loadPortfolioData(db, userId, { asOf: today, prices: false }))!;
    const details = new Map(computeFor(later).dividends.records.map((r) => [`${r.portfolioId}|${r.key}`, r.taxDetail]));
    for (const r of atYearEnd.dividends.records) {
      if (r.taxDetail) r.taxDetail = details.get(`${r.portfolioId}|${r.key}`) ?? r.taxDetail;
    }
  }
  const report = annualReport(atYearEnd, year);
  const name = (ticker: string) => data.names.get(ticker) ?? ticker;
  const portfolioNames = new Map(data.portfolios.map((p) => [p.id, p.name]));
  const portfolioName = (id: string) => portfolioNames.get(id) ?? '';
  const named = <T extends { ticker: string; portfolioId: string }>(x: T): Named<T> => ({
    ...x,
    name: name(x.ticker),
    portfolioName: portfolioName(x.portfolioId),
  });
  return {
    ...report,
    demo: data.demo,
    portfolioNames: data.portfolios.map((p) => p.name),
    holdings: report.holdings.map((h) => ({ ...h, name: name(h.ticker) })),
    dividends: report.dividends.map(named),
    exemptDividends: report.exemptDividends.map(named),
    sales: report.sales.map(named),
    realisation: report.realisation.map(named),
  };
}
