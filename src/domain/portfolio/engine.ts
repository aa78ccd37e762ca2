/**
 * The portfolio engine's one entry point: transactions, prices and corporate actions in, every figure
 * of the portfolio pages out. Pure; one pass over the data in date order.
 */
import { DEFAULT_DIVIDEND_TAX_PCT, DEFAULT_FEES } from '../idx';
import { normaliseActions, type NormalisedActions } from './actions';
import { toDayNumber } from '../dates';
import { findCoveredDividends } from './duplicates';
import { codesOf } from './kinds';
import { applyDividendTax } from './dividend-coverage';
import { decisionKey } from './dividend-tax';
import { estimateUpcoming, dividendReport } from './dividends';
import { allocation, buildHoldings, realisedTotals } from './holdings';
import { runPass, type PassResult } from './pass';
import { buildPriceTable, tradingDays, type PriceTable } from './prices';
import { dailyReturns } from './returns';
import { performance, valuePoints, type SeriesColumns } from './series';
import { buildTimeline } from './timeline';
import type {
  EngineInput,
  EngineIssue,
  Holding,
  IsoDate,
  PortfolioReport,
  PortfolioSettings,
  Transaction,
} from './types';

/**
 * Settings for a portfolio that has none given: default fees, a fixed 10 % dividend tax, fees in the
 * average. Stored portfolios carry their own rule (by date unless the member chose a fixed rate).
 */
export const DEFAULT_PORTFOLIO_SETTINGS: PortfolioSettings = {
  ...DEFAULT_FEES,
  dividendTaxPct: DEFAULT_DIVIDEND_TAX_PCT,
  feesInAverage: true,
};

interface Prepared {
  trades: Transaction[];
  /** Manual dividends left out because the corporate-action data pays them (see `findCoveredDividends`). */
  duplicates: EngineIssue[];
  tradeDays: number[];
  tickers: string[];
  tickerIndex: Map<string, number>;
}

/** Transactions up to as-of without covered manual dividends, their day numbers and the ticker table. */
function prepare(input: EngineInput, asOf: IsoDate): Prepared {
  let trades = input.transactions.filter((tx) => tx.date <= asOf);
  const covered = findCoveredDividends(trades, input.corporateActions);
  if (covered.length > 0) {
    const ids = new Set(covered.map((c) => c.transactionId));
    trades = trades.filter((tx) => !ids.has(tx.id));
  }
  const duplicates: EngineIssue[] = covered.map(({ transactionId, portfolioId, ticker, date }) => ({
    kind: 'duplicate_dividend',
    transactionId,
    portfolioId,
    ticker,
    date,
  }));
  const tickerIndex = new Map<string, number>();
  for (const tx of trades) {
    for (const code of codesOf(tx)) if (!tickerIndex.has(code)) tickerIndex.set(code, tickerIndex.size);
  }
  const tickers = [...tickerIndex.keys()];
  return { trades, duplicates, tradeDays: trades.map((tx) => toDayNumber(tx.date)), tickers, tickerIndex };
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
  if (lastDate === undefined || (lastDate < input.asOf && toDayNumber(lastDate) < lastEventDay)) dates.push(input.asOf);
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
  let dayChange: number | null = null;
  let previousValue = 0;
  for (const h of combined) {
    marketValue += h.marketValue;
    remainingCost += h.remainingCost;
    if (h.dayChange === null) continue;
    dayChange = (dayChange ?? 0) + h.dayChange;
    previousValue += h.shares * h.previousClose!;
  }
  const totalInvested = pass.positions.reduce((sum, p) => sum + p.invested, 0);
  const unrealised = marketValue - remainingCost;
  // One rule with the value series (and so Kinerja): a dividend counts from the end of its cum date.
  const dividendsReceivable = pass.dividendRecords
    .filter((r) => r.status === 'upcoming' && !r.estimated)
    .reduce((sum, r) => sum + r.net, 0);
  const totalReturn = realised + unrealised + dividendsNet + dividendsReceivable;
  return {
    marketValue,
    remainingCost,
    unrealised,
    realised,
    dividendsNet,
    dividendsReceivable,
    totalReturn,
    totalInvested,
    simpleGainOnCost: totalInvested > 0 ? totalReturn / totalInvested : null,
    dayChange,
    dayChangePct: dayChange !== null && previousValue > 0 ? dayChange / previousValue : null,
  };
}

interface Walked {
  asOfDay: number;
  prepared: Prepared;
  actions: NormalisedActions;
  dates: IsoDate[];
  table: PriceTable;
  pass: PassResult;
}

/** Builds the calendar, the aligned closes and the timeline, and walks it once. */
function walk(input: EngineInput): Walked {
  const asOfDay = toDayNumber(input.asOf);
  const prepared = prepare(input, input.asOf);
  const { trades, tradeDays, tickers, tickerIndex } = prepared;
  const actions = normaliseActions(input.corporateActions, tickerIndex);
  const { shareActions, dividends } = actions;
  const dates = trades.length > 0 ? valuationDates(input, prepared, lastEventDay(prepared, actions, asOfDay)) : [];
  const table = buildPriceTable(input.prices, tickers, dates);
  const timeline = buildTimeline({
    tradeDays,
    shareActions,
    dividends,
    valuationDays: dates.map(toDayNumber),
    lastDay: asOfDay,
  });
  const settingsOf = (id: string) => input.settings.get(id) ?? DEFAULT_PORTFOLIO_SETTINGS;
  const decisions = input.dividendDecisions;
  const decisionOf = (portfolioId: string, key: string) => decisions?.get(decisionKey(portfolioId, key));
  const pass = runPass({ tickerIndex, settingsOf, decisionOf, trades, shareActions, dividends, table, timeline });
  return { asOfDay, prepared, actions, dates, table, pass };
}

/**
 * Computes the portfolio report as of `input.asOf` for all transactions given (pass one portfolio's
 * transactions for one portfolio's figures). Cost: O(n log n) in transactions and actions plus
 * O(days × tickers); nothing rescans history.
 */
export function computePortfolio(input: EngineInput): PortfolioReport {
  const { asOfDay, prepared, actions, dates, table, pass } = walk(input);
  const holdings = buildHoldings(pass.positions, prepared.tickers, table, input.sectors);
  const realised = realisedTotals(pass.sells, pass.positions);
  const decisions = input.dividendDecisions;
  const decisionOf = (portfolioId: string, key: string) => decisions?.get(decisionKey(portfolioId, key));
  const upcoming = estimateUpcoming(actions.dividends, pass.byTicker, asOfDay, decisionOf);
  const records = [...pass.dividendRecords, ...upcoming];
  applyDividendTax(pass.dividendRecords, prepared.trades, decisions);
  const heldCost = holdings.combined.reduce((sum, h) => sum + h.remainingCost, 0);
  const dividends = dividendReport(records, asOfDay, heldCost);
  const { value, inflow, outflow, cost, flowDays, flowAmounts } = pass;
  const columns: SeriesColumns = { dates, value, inflow, outflow, cost };
  const returns = dailyReturns(value, inflow, outflow);
  return {
    asOf: input.asOf,
    holdings,
    realised: { sells: pass.sells, ...realised },
    dividends,
    series: valuePoints(columns, returns),
    performance: performance({ columns, returns, ihsg: input.ihsg, flowDays, flowAmounts, asOf: input.asOf }),
    allocation: {
      bySector: allocation(holdings.combined, (h) => h.sector),
      byStock: allocation(holdings.combined, (h) => h.ticker),
    },
    summary: summary(holdings.combined, realised.total.total, dividends.received.net, pass),
    issues: [...prepared.duplicates, ...actions.issues, ...pass.issues],
  };
}
