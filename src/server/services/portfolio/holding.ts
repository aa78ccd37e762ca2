/**
 * One holding's page (/portofolio/saham/{kode}): the member's position in one ticker across their
 * portfolios (or one of them) — its history, trades, dividends, P/L and break-even sell price.
 */
import {
  breakEvenSellPrice,
  computePortfolio,
  positionHistory,
  realisedRows,
  type DailyClose,
  type DividendRecord,
  type Holding,
  type PositionStep,
  type RealisedRow,
  type Transaction,
} from '../../../domain/portfolio';
import { DEFAULT_PORTFOLIO_SETTINGS } from '../../../domain/portfolio/engine';
import type { Db } from '../../db/client';
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
  /** Newest first. */
  transactions: (Transaction & { portfolioName: string })[];
  history: PositionStep[];
  closes: DailyClose[];
}

const ref = (p: Portfolio): PortfolioRef => ({ id: p.id, name: p.name });

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
  const all = data.input.transactions.filter((t) => t.ticker === ticker);
  if (all.length === 0) return undefined;
  const selected = opts.portfolioId ? data.portfolios.find((p) => p.id === opts.portfolioId) : null;
  if (selected === undefined) return undefined;
  const traded = data.portfolios.filter((p) => all.some((t) => t.portfolioId === p.id));
  const txs = selected ? all.filter((t) => t.portfolioId === selected.id) : all;
  const input = { ...data.input, transactions: txs };
  const report = computePortfolio(input);
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
  return {
    ticker,
    name: data.names.get(ticker) ?? ticker,
    asOf: report.asOf,
    demo: data.demo,
    portfolios: traded.map(ref),
    portfolio: selected ? ref(selected) : null,
    holding: combined ? (holding as Omit<Holding, 'portfolioId'>) : null,
    positions,
    realised: { total: report.realised.total.total, sales: realisedRows(report.realised.sells, txs) },
    dividends: {
      receivedNet: report.dividends.received.net,
      records: report.dividends.records.map((r) => ({ ...r, portfolioName: portfolioName(r.portfolioId) })),
    },
    transactions: [...txs].reverse().map((t) => ({ ...t, portfolioName: portfolioName(t.portfolioId) })),
    history: positionHistory(input, ticker),
    closes: [...(data.input.prices.get(ticker) ?? [])],
  };
}
