/**
 * One holding's page (/portofolio/saham/{kode}): the member's position in one ticker across their
 * portfolios (or one of them) — its history (with its splits), trades, dividends, P/L and break-even sell
 * price, and a chart whose prices, trades and average price share one basis (split-adjusted).
 */
import {
  breakEvenSellPrice,
  computePortfolio,
  factorBetween,
  shareChanges,
  splitAdjustedCloses,
  positionHistory,
  realisedRows,
  type DailyClose,
  type DividendRecord,
  type Holding,
  type PortfolioReport,
  type PositionStep,
  type RealisedRow,
  type ShareChange,
  type Transaction,
} from '../../../domain/portfolio';
import { DEFAULT_PORTFOLIO_SETTINGS } from '../../../domain/portfolio/engine';
import type { Db } from '../../db/client';
import type { StatusFlags } from '../../../domain/corporate/status';
import { loadPortfolioData } from './engine-input';
import type { Portfolio } from './types';
import type { PortfolioRef } from './views';

export interface PortfolioPosition {
  portfolio: PortfolioRef;
  shares: number;
  averagePrice: number;
  remainingCost: number;
  sellBps: number;
  /** Lowest valid price at which selling everything returns the cost after this portfolio's sell fee. */
  breakEven: number | null;
}

export interface HoldingPageView {
  ticker: string;
  name: string;
  asOf: string;
  demo: boolean;
  /** The member's portfolios that ever traded this ticker (for the filter). */
  portfolios: PortfolioRef[];
  portfolio: PortfolioRef | null;
  /** Combined over the chosen portfolios; null once everything was sold. */
  holding: Omit<Holding, 'portfolioId'> | null;
  positions: PortfolioPosition[];
  realised: { total: number; sales: RealisedRow[] };
  dividends: { receivedNet: number; records: (DividendRecord & { portfolioName: string })[] };
  /**
   * Dividends (of any stock) reinvested into this one whose covering shares were sold within the
   * holding term: their exemption would be lost.
   */
  taxFlags: (DividendRecord & { portfolioName: string })[];
  /** Newest first. */
  transactions: (Transaction & { portfolioName: string })[];
  history: PositionStep[];
  /** Closes in the share count of the last close (split-adjusted, as on the emiten page). */
  closes: DailyClose[];
  /** IDX status flags of the company (docs/product.md §5.7); null when unknown. */
  flags: StatusFlags | null;
  /** Shares held (chosen portfolios) at the end of a day, for the rights entitlement (§5.6). */
  sharesAt: (day: string) => number;
  /** The member's trades on the chart's basis: prices restated across later share changes. */
  chartTrades: { date: string; type: 'buy' | 'sell'; shares: number; price: number; adjustedPrice: number }[];
  /** Corporate actions on the chart: share changes while held and ex dates of dividends received. */
  chartEvents: ChartEvent[];
  /** Share changes while the position was held, newest first, for the transaction list. */
  shareChangeRows: (ShareChange & { sharesBefore: number; sharesAfter: number })[];
}

/** A corporate action marked on the holding chart. */
export type ChartEvent =
  | { date: string; kind: 'share_change'; change: ShareChange }
  | { date: string; kind: 'dividend'; amountPerShare: string };

const ref = (p: Portfolio): PortfolioRef => ({ id: p.id, name: p.name });

/** The sales of `ticker` alone (warrants traded for it are on their own code's page). */
function ownRealised(realised: PortfolioReport['realised'], ticker: string, txs: readonly Transaction[]) {
  const sells = realised.sells.filter((s) => s.ticker === ticker);
  const own = sells.length === realised.sells.length;
  const total = own ? realised.total.total : sells.reduce((n, s) => n + s.realised, 0);
  return { total, sales: realisedRows(sells, txs) };
}

/**
 * The page's data; undefined when the member never traded `ticker` in any portfolio, or `portfolioId`
 * is not one of theirs (both answer 404, so no other member's ticker or portfolio can be probed).
 */
export async function holdingPage(
  db: Db,
  userId: string,
  ticker: string,
  opts: { portfolioId?: string | null; asOf: string },
): Promise<HoldingPageView | undefined> {
  const data = await loadPortfolioData(db, userId, { asOf: opts.asOf });
  if (!data) return undefined;
  // A warrant exercise belongs to the company's page too (it adds the shares), and so do the trades of
  // the warrants exercised into it, whose cost the shares carry; the page lists and totals its own code's.
  const warrantCodes = new Set(data.input.transactions.filter((t) => t.underlying === ticker).map((t) => t.ticker));
  const all = data.input.transactions.filter((t) => t.ticker === ticker || warrantCodes.has(t.ticker));
  const shown = (t: Transaction) => t.ticker === ticker || t.underlying === ticker;
  if (all.length === 0) return undefined;
  const selected = opts.portfolioId ? data.portfolios.find((p) => p.id === opts.portfolioId) : null;
  if (selected === undefined) return undefined;
  const traded = data.portfolios.filter((p) => all.some((t) => t.portfolioId === p.id && shown(t)));
  const txs = selected ? all.filter((t) => t.portfolioId === selected.id) : all;
  const input = { ...data.input, transactions: txs };
  const report = computePortfolio(input);
  // Coverage of reinvested dividends spans every stock of a portfolio, so it comes from the full run.
  // Closes only value the portfolio, which is not needed here.
  const full = computePortfolio({
    ...data.input,
    transactions: selected
      ? data.input.transactions.filter((t) => t.portfolioId === selected.id)
      : data.input.transactions,
    prices: new Map([...data.input.prices.keys()].map((t) => [t, []])),
    ihsg: [],
  });
  const details = new Map(full.dividends.records.map((r) => [`${r.portfolioId}|${r.key}`, r.taxDetail]));
  for (const r of report.dividends.records) r.taxDetail = details.get(`${r.portfolioId}|${r.key}`) ?? r.taxDetail;
  const names = new Map(data.portfolios.map((p) => [p.id, p.name]));
  const portfolioName = (id: string) => names.get(id) ?? '';
  const combined = report.holdings.combined.find((h) => h.ticker === ticker && h.shares > 0);
  const positions = report.holdings.byPortfolio
    .filter((h) => h.ticker === ticker && h.shares > 0)
    .map((h) => {
      const p = data.portfolios.find((x) => x.id === h.portfolioId)!;
      const sellBps = (p.settings ?? DEFAULT_PORTFOLIO_SETTINGS).sellBps;
      return {
        portfolio: ref(p),
        shares: h.shares,
        averagePrice: h.averagePrice,
        remainingCost: h.remainingCost,
        sellBps,
        breakEven: breakEvenSellPrice(h.remainingCost, h.shares, sellBps),
      };
    });
  const { portfolioId: _, ...holding } = combined ?? { portfolioId: null };
  const history = positionHistory(input, ticker);
  return {
    ticker,
    name: data.names.get(ticker) ?? ticker,
    asOf: report.asOf,
    demo: data.demo,
    portfolios: traded.map(ref),
    portfolio: selected ? ref(selected) : null,
    holding: combined ? (holding as Omit<Holding, 'portfolioId'>) : null,
    positions,
    realised: ownRealised(report.realised, ticker, txs),
    dividends: {
      receivedNet: report.dividends.received.net,
      records: report.dividends.records.map((r) => ({ ...r, portfolioName: portfolioName(r.portfolioId) })),
    },
    taxFlags: full.dividends.records
      .filter((r) => r.taxDetail?.flagged && r.taxDetail.coverage.some((c) => c.ticker === ticker))
      .map((r) => ({ ...r, portfolioName: portfolioName(r.portfolioId) })),
    transactions: txs
      .filter(shown)
      .reverse()
      .map((t) => ({ ...t, portfolioName: portfolioName(t.portfolioId) })),
    history,
    flags: data.flags.get(ticker) ?? null,
    sharesAt: (day) =>
      computePortfolio({ ...input, asOf: day }).holdings.combined.find((h) => h.ticker === ticker)?.shares ?? 0,
    ...chartData(
      data.input.prices.get(ticker) ?? [],
      shareChanges(input.corporateActions, ticker),
      txs.flatMap((t) => chartTrade(t, ticker)),
      history,
      report,
    ),
  };
}

/** The chart's closes, trades and markers on one basis: the share count of the last close. */
function chartData(
  raw: readonly DailyClose[],
  changes: ShareChange[],
  trades: readonly ChartTrade[],
  history: PositionStep[],
  report: ReturnType<typeof computePortfolio>,
): Pick<HoldingPageView, 'closes' | 'chartTrades' | 'chartEvents' | 'shareChangeRows'> {
  const last = raw.at(-1)?.date ?? '';
  const held = history.flatMap((h) => (h.change ? [{ ...h.change, sharesAfter: h.shares }] : []));
  const dividendDays = new Map<string, string>();
  for (const r of report.dividends.records) {
    if (r.source === 'corporate_action' && r.exDate) dividendDays.set(r.exDate, r.amountPerShare);
  }
  const chartEvents: ChartEvent[] = [
    ...held.map((c) => ({ date: c.date, kind: 'share_change' as const, change: c })),
    ...[...dividendDays].map(([date, amountPerShare]) => ({ date, kind: 'dividend' as const, amountPerShare })),
  ].sort((a, b) => a.date.localeCompare(b.date));
  return {
    closes: splitAdjustedCloses(raw, changes),
    chartTrades: trades.map((t) => ({ ...t, adjustedPrice: t.price / factorBetween(changes, t.date, last) })),
    chartEvents,
    shareChangeRows: held.reverse(),
  };
}

type ChartTrade = { date: string; type: 'buy' | 'sell'; shares: number; price: number };

/**
 * A transaction as the chart marks it: what adds shares of this code is a buy, what removes them a sell
 * (rights exercised, the shares a warrant exercise gives, a tender); none for dividends and lapses.
 */
function chartTrade(t: Transaction, code: string): ChartTrade[] {
  const intoShares = t.type === 'warrant_exercise' && t.ticker !== code;
  const adds = t.type === 'buy' || t.type === 'rights_exercise' || intoShares;
  const removes = t.type === 'sell' || t.type === 'tender' || (t.ticker === code && t.type.startsWith('warrant_'));
  if (!adds && !removes) return [];
  const shares = intoShares ? (t.sharesReceived ?? t.shares) : t.shares;
  return [{ date: t.date, type: adds ? 'buy' : 'sell', shares, price: t.price }];
}
