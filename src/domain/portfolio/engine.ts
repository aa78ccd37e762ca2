/**
 * The portfolio engine's one entry point: transactions, prices and corporate actions in, every figure
 * of the portfolio pages out. Pure; one pass over the data in date order.
 */
import { DEFAULT_DIVIDEND_TAX_PCT, DEFAULT_FEES } from '../idx';
import { normaliseActions, type NormalisedActions } from './actions';
import { toDay } from './dates';
import { estimateUpcoming, dividendReport } from './dividends';
import { allocation, buildHoldings, realisedTotals } from './holdings';
import { runPass, type PassResult } from './pass';
import { buildPriceTable, tradingDays } from './prices';
import { dailyReturns } from './returns';
import { performance, valuePoints, type SeriesColumns } from './series';
import { buildTimeline } from './timeline';
import type { EngineInput, Holding, IsoDate, PortfolioReport, PortfolioSettings, Transaction } from './types';

/** Settings for a portfolio that has none stored: default fees, 10 % dividend tax, fees in the average. */
export const DEFAULT_PORTFOLIO_SETTINGS: PortfolioSettings = {
  ...DEFAULT_FEES,
  dividendTaxPct: DEFAULT_DIVIDEND_TAX_PCT,
  feesInAverage: true,
};

interface Prepared {
  trades: Transaction[];
  tradeDays: number[];
  tickers: string[];
  tickerIndex: Map<string, number>;
}

/** Transactions up to as-of, their day numbers and the ticker table (first-seen order). */
function prepare(input: EngineInput, asOf: IsoDate): Prepared {
  const trades = input.transactions.filter((tx) => tx.date <= asOf);
  const tickerIndex = new Map<string, number>();
  for (const tx of trades) if (!tickerIndex.has(tx.ticker)) tickerIndex.set(tx.ticker, tickerIndex.size);
  return { trades, tradeDays: trades.map((tx) => toDay(tx.date)), tickers: [...tickerIndex.keys()], tickerIndex };
}

/** The day of the last trade or action step on or before as-of. */
function lastEventDay(p: Prepared, actions: NormalisedActions, asOfDay: number): number {
  let last = -Infinity;
  const see = (day: number | null) => {
    if (day !== null && day <= asOfDay && day > last) last = day;
  };
  p.tradeDays.forEach(see);
  actions.shareActions.forEach((a) => see(a.exDay));
  actions.dividends.forEach((a) => [a.exDay, a.cumDay, a.payDay].forEach(see));
  return last;
}

/** Trading days from the first transaction to as-of, plus as-of itself when something happens after the last. */
function valuationDates(input: EngineInput, p: Prepared, lastEventDay: number): IsoDate[] {
  const first = p.trades.reduce((min, tx) => (tx.date < min ? tx.date : min), input.asOf);
  const dates = tradingDays(input.ihsg, input.prices, p.tickers, first, input.asOf);
  const lastDate = dates[dates.length - 1];
  if (lastDate === undefined || (lastDate < input.asOf && toDay(lastDate) < lastEventDay)) dates.push(input.asOf);
  return dates;
}

function summary(
  combined: readonly Holding[],
  realised: number,
  dividendsNet: number,
  pass: PassResult,
): PortfolioReport['summary'] {
  let marketValue = 0;
  let remainingCost = 0;
  for (const h of combined) {
    marketValue += h.marketValue;
    remainingCost += h.remainingCost;
  }
  const totalInvested = pass.positions.reduce((sum, p) => sum + p.invested, 0);
  const unrealised = marketValue - remainingCost;
  const totalReturn = realised + unrealised + dividendsNet;
  return {
    marketValue,
    remainingCost,
    unrealised,
    realised,
    dividendsNet,
    totalReturn,
    totalInvested,
    simpleGainOnCost: totalInvested > 0 ? totalReturn / totalInvested : null,
  };
}

/**
 * Computes the portfolio report as of `input.asOf` for all transactions given (pass one portfolio's
 * transactions for one portfolio's figures). Cost: O(n log n) in transactions and actions plus
 * O(days × tickers); nothing rescans history.
 */
export function computePortfolio(input: EngineInput): PortfolioReport {
  const asOfDay = toDay(input.asOf);
  const p = prepare(input, input.asOf);
  const settingsOf = (id: string) => input.settings.get(id) ?? DEFAULT_PORTFOLIO_SETTINGS;
  const actions = normaliseActions(input.corporateActions, p.tickerIndex);
  const dates = p.trades.length > 0 ? valuationDates(input, p, lastEventDay(p, actions, asOfDay)) : [];
  const table = buildPriceTable(input.prices, p.tickers, dates);
  const timeline = buildTimeline({
    tradeDays: p.tradeDays,
    shareActions: actions.shareActions,
    dividends: actions.dividends,
    valuationDays: dates.map(toDay),
    lastDay: asOfDay,
  });
  const pass = runPass({
    tickerIndex: p.tickerIndex,
    settingsOf,
    trades: p.trades,
    shareActions: actions.shareActions,
    dividends: actions.dividends,
    table,
    timeline,
  });

  const holdings = buildHoldings(pass.positions, p.tickers, table, input.sectors);
  const realised = realisedTotals(pass.sells, pass.positions);
  const records = [...pass.dividendRecords, ...estimateUpcoming(actions.dividends, pass.byTicker, asOfDay)];
  const dividends = dividendReport(
    records,
    asOfDay,
    holdings.combined.reduce((sum, h) => sum + h.remainingCost, 0),
  );
  const columns: SeriesColumns = {
    dates,
    value: pass.value,
    inflow: pass.inflow,
    outflow: pass.outflow,
    cost: pass.cost,
  };
  const returns = dailyReturns(pass.value, pass.inflow, pass.outflow);
  return {
    asOf: input.asOf,
    holdings,
    realised: { sells: pass.sells, ...realised },
    dividends,
    series: valuePoints(columns, returns),
    performance: performance({
      columns,
      returns,
      ihsg: input.ihsg,
      flowDays: pass.flowDays,
      flowAmounts: pass.flowAmounts,
      asOf: input.asOf,
    }),
    allocation: {
      bySector: allocation(holdings.combined, (h) => h.sector),
      byStock: allocation(holdings.combined, (h) => h.ticker),
    },
    summary: summary(holdings.combined, realised.total.total, dividends.received.net, pass),
    issues: [...actions.issues, ...pass.issues],
  };
}
