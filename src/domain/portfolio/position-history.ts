/**
 * One holding's position after each day it was traded or its share count changed (split, reverse split,
 * bonus shares), and at as-of: shares, average price, remaining cost and value, as the engine computes them.
 */
import { addDays } from '../dates';
import { computePortfolio } from './engine';
import { codesOf } from './kinds';
import { shareChanges, type ShareChange } from './share-changes';
import type { EngineInput, IsoDate } from './types';

export interface PositionStep {
  date: IsoDate;
  shares: number;
  averagePrice: number;
  cost: number;
  /** Shares × the close in force that day (cost while there is none). */
  value: number;
  /** The share change of that day, with the shares held the day before; null on other rows. */
  change: (ShareChange & { sharesBefore: number }) | null;
}

/**
 * The position in `ticker` over all portfolios of `input` after each of its trade days, each share change
 * while shares were held, and at as-of. Runs the engine once per such day: meant for one ticker's handful
 * of trades.
 */
export function positionHistory(input: EngineInput, ticker: string): PositionStep[] {
  const trades = input.transactions.filter(
    (t) => codesOf(t).includes(ticker) && t.type !== 'dividend' && t.date <= input.asOf,
  );
  const own = { ...input, transactions: trades };
  const at = (date: IsoDate) =>
    computePortfolio({ ...own, asOf: date }).holdings.combined.find((x) => x.ticker === ticker);
  const first = trades.reduce<IsoDate | null>((min, t) => (min === null || t.date < min ? t.date : min), null);
  const changes = new Map(
    shareChanges(input.corporateActions, ticker)
      .filter((c) => first !== null && c.date > first && c.date <= input.asOf)
      .map((c) => [c.date, c]),
  );
  const days = [...new Set([...trades.map((t) => t.date), ...changes.keys(), input.asOf])].sort();
  const steps: PositionStep[] = [];
  for (const date of days) {
    const h = at(date);
    const c = changes.get(date);
    const sharesBefore = c ? (at(addDays(date, -1))?.shares ?? 0) : 0;
    const traded = trades.some((t) => t.date === date) || date === input.asOf;
    // A change while nothing was held is no event of this holding.
    if (c && sharesBefore === 0 && !traded) continue;
    steps.push({
      date,
      shares: h?.shares ?? 0,
      averagePrice: h && h.shares > 0 ? h.averagePrice : 0,
      cost: h?.remainingCost ?? 0,
      value: h?.marketValue ?? 0,
      change: c && sharesBefore > 0 ? { ...c, sharesBefore } : null,
    });
  }
  return steps;
}
