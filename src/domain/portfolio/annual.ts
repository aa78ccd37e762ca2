/**
 * The yearly figures for the tax return (SPT Tahunan), taken from an engine report computed as of
 * 31 December of that year: shares held at year end at cost and at the year's last close, the cash
 * dividends paid in the year with the tax withheld, and the sales of the year with the 0,1 % final
 * income tax on their gross value.
 */
import { tradeFee } from '../idx';
import type { DividendRecord, IsoDate, PortfolioReport } from './types';

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

export interface AnnualDividend {
  ticker: string;
  portfolioId: string;
  paymentDate: IsoDate;
  shares: number;
  amountPerShare: string;
  gross: number;
  tax: number;
  net: number;
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
  sales: AnnualSale[];
  totals: {
    holdings: { cost: number; marketValue: number };
    dividends: { gross: number; tax: number; net: number };
    sales: { gross: number; fee: number; finalTax: number; proceeds: number; costRemoved: number; realised: number };
  };
}

export const yearEnd = (year: number): IsoDate => `${year}-12-31`;

const inYear = (date: IsoDate | null, year: number) => date !== null && date.startsWith(`${year}-`);

function sum<T>(rows: readonly T[], pick: (r: T) => number): number {
  return rows.reduce((s, r) => s + pick(r), 0);
}

function dividendRow(r: DividendRecord): AnnualDividend {
  const { ticker, portfolioId, shares, amountPerShare, gross, tax, net } = r;
  return { ticker, portfolioId, paymentDate: r.paymentDate!, shares, amountPerShare, gross, tax, net };
}

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
  const dividends = report.dividends.records
    .filter((r) => r.status === 'received' && inYear(r.paymentDate, year))
    .map(dividendRow)
    .sort((a, b) => a.paymentDate.localeCompare(b.paymentDate) || a.ticker.localeCompare(b.ticker));
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
    sales,
    totals: {
      holdings: { cost: sum(holdings, (h) => h.cost), marketValue: sum(holdings, (h) => h.marketValue) },
      dividends: {
        gross: sum(dividends, (d) => d.gross),
        tax: sum(dividends, (d) => d.tax),
        net: sum(dividends, (d) => d.net),
      },
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
