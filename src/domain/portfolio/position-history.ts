/**
 * One holding's position after each day it was traded: shares, average price, remaining cost and
 * value, as the engine computes them (splits and bonuses included).
 */
import { computePortfolio } from './engine';
import type { EngineInput, IsoDate } from './types';

export interface PositionStep {
  date: IsoDate;
  shares: number;
  averagePrice: number;
  cost: number;
  /** Shares × the close in force that day (cost while there is none). */
  value: number;
}

/**
 * The position in `ticker` over all portfolios of `input` after each of its trade days and at
 * as-of. Runs the engine once per trade day: meant for one ticker's handful of trades.
 */
export function positionHistory(input: EngineInput, ticker: string): PositionStep[] {
  const trades = input.transactions.filter((t) => t.ticker === ticker && t.type !== 'dividend' && t.date <= input.asOf);
  const days = [...new Set([...trades.map((t) => t.date), input.asOf])].sort();
  const own = { ...input, transactions: trades };
  return days.map((date) => {
    const h = computePortfolio({ ...own, asOf: date }).holdings.combined.find((x) => x.ticker === ticker);
    return {
      date,
      shares: h?.shares ?? 0,
      averagePrice: h && h.shares > 0 ? h.averagePrice : 0,
      cost: h?.remainingCost ?? 0,
      value: h?.marketValue ?? 0,
    };
  });
}
