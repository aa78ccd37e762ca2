/**
 * The yearly figures for the tax return (SPT Tahunan in Coretax), taken from an engine report computed
 * as of 31 December of that year: shares held at year end at cost and at the year's last close (both
 * entered in Coretax), the cash dividends paid in the year split into the taxed part (withheld, paid
 * by the member, or still due) and the part exempt because it was reinvested, the sales of the year
 * with the 0,1 % final income tax on their gross value, and the realisation list of reinvested
 * dividends (docs/product.md §5.5).
 */
import { tradeFee } from '../idx';
import { DIVIDEND_TAX_PCT } from './dividend-tax';
import { dividendTax } from './money';
import type { DividendRecord, DividendTaxDetail, IsoDate, PortfolioReport } from './types';

/** Final income tax on share sales on the IDX: 0,1 % of the gross sale value, part of the sell fee. */
export const SALE_FINAL_TAX_BPS = 10;

export interface AnnualHolding {
  ticker: string;
  shares: number;
  /** Acquisition cost: the remaining cost on the average-cost basis. */
  cost: number;
  averagePrice: number;
  lastClose: number | null;
  lastCloseDate: IsoDate | null;
  marketValue: number;
}

/** How the tax on the taxed part of a dividend was settled. */
export type AnnualTaxWay = 'withheld' | 'fixed' | 'self_paid' | 'due';

/** The taxed part of a dividend: all of it, or what reinvestment did not cover. */
export interface AnnualDividend {
  ticker: string;
  portfolioId: string;
  paymentDate: IsoDate;
  shares: number;
  amountPerShare: string;
  /** The taxed part, gross. */
  gross: number;
  /** Withheld, paid by the member, or due (`way` says which). */
  tax: number;
  /** gross − tax. */
  net: number;
  way: AnnualTaxWay;
  /** The day the member paid (`self_paid`) or must pay (`due`); null otherwise. */
  taxDate: IsoDate | null;
}

/** The part of a dividend exempt because it was reinvested in Indonesia. */
export interface AnnualExemptDividend {
  ticker: string;
  portfolioId: string;
  paymentDate: IsoDate;
  exempt: number;
  investDeadline: IsoDate;
  holdUntil: IsoDate;
  flagged: boolean;
}

/** One line of the realisation list: a reinvested dividend and one investment covering it. */
export interface AnnualRealisation {
  ticker: string;
  portfolioId: string;
  paymentDate: IsoDate;
  /** The dividend's gross amount. */
  dividend: number;
  investmentTicker: string;
  investmentDate: IsoDate;
  /** Rupiah of the dividend this investment covers. */
  amount: number;
  shares: number;
  holdUntil: IsoDate;
  flagged: boolean;
}

export interface AnnualSale {
  transactionId: string;
  portfolioId: string;
  ticker: string;
  date: IsoDate;
  shares: number;
  price: number;
  /** shares × price, before any fee. */
  gross: number;
  fee: number;
  /** The 0,1 % final income tax on `gross`, included in `fee`. */
  finalTax: number;
  proceeds: number;
  costRemoved: number;
  realised: number;
}

export interface AnnualReport {
  year: number;
  yearEnd: IsoDate;
  holdings: AnnualHolding[];
  dividends: AnnualDividend[];
  exemptDividends: AnnualExemptDividend[];
  sales: AnnualSale[];
  /** Reinvested dividends received in this year and the two before (the years the list is reported). */
  realisation: AnnualRealisation[];
  totals: {
    holdings: { cost: number; marketValue: number };
    dividends: { gross: number; tax: number; net: number };
    exemptDividends: { exempt: number };
    realisation: { amount: number };
    sales: { gross: number; fee: number; finalTax: number; proceeds: number; costRemoved: number; realised: number };
  };
}

export const yearEnd = (year: number): IsoDate => `${year}-12-31`;

const inYear = (date: IsoDate | null, year: number) => date !== null && date.startsWith(`${year}-`);

function sum<T>(rows: readonly T[], pick: (r: T) => number): number {
  return rows.reduce((s, r) => s + pick(r), 0);
}

function taxedPart(r: DividendRecord, d: DividendTaxDetail | null): AnnualDividend | null {
  const { ticker, portfolioId, shares, amountPerShare } = r;
  const base = { ticker, portfolioId, paymentDate: r.paymentDate!, shares, amountPerShare };
  if (d === null) {
    const way = r.treatment === 'fixed' ? 'fixed' : 'withheld';
    return { ...base, gross: r.gross, tax: r.tax, net: r.net, way, taxDate: null };
  }
  if (d.choice === 'self_paid')
    return { ...base, gross: r.gross, tax: r.tax, net: r.net, way: 'self_paid', taxDate: d.paidDate };
  const gross = r.gross - d.covered;
  if (gross <= 0) return null;
  const tax = dividendTax(gross, DIVIDEND_TAX_PCT);
  return { ...base, gross, tax, net: gross - tax, way: 'due', taxDate: d.selfPayDeadline };
}

function exemptPart(r: DividendRecord, d: DividendTaxDetail | null): AnnualExemptDividend[] {
  if (d === null || d.choice !== 'reinvested' || d.covered === 0) return [];
  const { ticker, portfolioId } = r;
  const { investDeadline, holdUntil, flagged } = d;
  return [{ ticker, portfolioId, paymentDate: r.paymentDate!, exempt: d.covered, investDeadline, holdUntil, flagged }];
}

function realisationRows(r: DividendRecord): AnnualRealisation[] {
  const d = r.taxDetail;
  if (d === null || d.choice !== 'reinvested') return [];
  return d.coverage.map((c) => ({
    ticker: r.ticker,
    portfolioId: r.portfolioId,
    paymentDate: r.paymentDate!,
    dividend: r.gross,
    investmentTicker: c.ticker,
    investmentDate: c.date,
    amount: c.amount,
    shares: c.shares,
    holdUntil: d.holdUntil,
    flagged: d.flagged,
  }));
}

const byPayment = (a: { paymentDate: IsoDate; ticker: string }, b: { paymentDate: IsoDate; ticker: string }) =>
  a.paymentDate.localeCompare(b.paymentDate) || a.ticker.localeCompare(b.ticker);

/** The year's report; `report` must be the engine's report as of `yearEnd(year)`. */
export function annualReport(report: PortfolioReport, year: number): AnnualReport {
  if (report.asOf !== yearEnd(year)) throw new Error(`annualReport needs a report as of ${yearEnd(year)}`);
  const holdings = report.holdings.combined
    .filter((h) => h.shares > 0)
    .map((h) => ({
      ticker: h.ticker,
      shares: h.shares,
      cost: h.remainingCost,
      averagePrice: h.averagePrice,
      lastClose: h.lastClose,
      lastCloseDate: h.lastCloseDate,
      marketValue: h.marketValue,
    }))
    .sort((a, b) => a.ticker.localeCompare(b.ticker));
  const received = report.dividends.records.filter((r) => r.status === 'received' && inYear(r.paymentDate, year));
  const dividends = received.flatMap((r) => taxedPart(r, r.taxDetail) ?? []).sort(byPayment);
  const exemptDividends = received.flatMap((r) => exemptPart(r, r.taxDetail)).sort(byPayment);
  const realisation = report.dividends.records
    .filter((r) => r.status === 'received' && [0, 1, 2].some((back) => inYear(r.paymentDate, year - back)))
    .flatMap(realisationRows)
    .sort((a, b) => byPayment(a, b) || a.investmentDate.localeCompare(b.investmentDate));
  const sales = report.realised.sells
    .filter((s) => inYear(s.date, year))
    .map((s) => {
      const gross = s.proceeds + s.fee;
      return { ...s, gross, finalTax: tradeFee(gross, SALE_FINAL_TAX_BPS) };
    })
    .sort((a, b) => a.date.localeCompare(b.date) || a.ticker.localeCompare(b.ticker));
  return {
    year,
    yearEnd: yearEnd(year),
    holdings,
    dividends,
    exemptDividends,
    sales,
    realisation,
    totals: {
      holdings: { cost: sum(holdings, (h) => h.cost), marketValue: sum(holdings, (h) => h.marketValue) },
      dividends: {
        gross: sum(dividends, (d) => d.gross),
        tax: sum(dividends, (d) => d.tax),
        net: sum(dividends, (d) => d.net),
      },
      exemptDividends: { exempt: sum(exemptDividends, (d) => d.exempt) },
      realisation: { amount: sum(realisation, (d) => d.amount) },
      sales: {
        gross: sum(sales, (s) => s.gross),
        fee: sum(sales, (s) => s.fee),
        finalTax: sum(sales, (s) => s.finalTax),
        proceeds: sum(sales, (s) => s.proceeds),
        costRemoved: sum(sales, (s) => s.costRemoved),
        realised: sum(sales, (s) => s.realised),
      },
    },
  };
}
