/**
 * Checks a portfolio's transactions for a sell that exceeds the shares held on its date, so a service
 * can refuse an add, edit or delete that would break a later sell (docs/product.md §5, validation).
 */
import { normaliseActions, sharesAfter } from './actions';
import { toDayNumber } from '../dates';
import { codesOf, holdingChanges, reducesHolding } from './kinds';
import { buildTimeline, Phase } from './timeline';
import type { CorporateAction, Oversell, Transaction } from './types';

function tickerTable(transactions: readonly Transaction[]): Map<string, number> {
  const index = new Map<string, number>();
  for (const tx of transactions) for (const c of codesOf(tx)) if (!index.has(c)) index.set(c, index.size);
  return index;
}

/**
 * The first sell, in date order (entry order within a day), that sells more than is held on its date,
 * or null. Splits, reverse splits and bonus shares apply on their ex date, before that day's trades.
 * Transactions of several portfolios are kept apart. O(n log n).
 */
export function findFirstOversell(
  transactions: readonly Transaction[],
  corporateActions: readonly CorporateAction[],
): Oversell | null {
  return walk(transactions, corporateActions, true)[0] ?? null;
}

/**
 * Every sell that sells more than is held on its date, in date order. After an oversell the holding
 * stops at zero (as in the engine), so one bad sell does not make every later sell of it bad.
 */
export function findOversells(
  transactions: readonly Transaction[],
  corporateActions: readonly CorporateAction[],
): Oversell[] {
  return walk(transactions, corporateActions, false);
}

function walk(
  transactions: readonly Transaction[],
  corporateActions: readonly CorporateAction[],
  firstOnly: boolean,
): Oversell[] {
  const found: Oversell[] = [];
  const tickerIndex = tickerTable(transactions);
  const { shareActions } = normaliseActions(corporateActions, tickerIndex);
  const tradeDays = transactions.map((tx) => toDayNumber(tx.date));
  const timeline = buildTimeline({ tradeDays, shareActions, dividends: [], valuationDays: [], lastDay: Infinity });
  const held = new Map<string, number>();
  const keysByTicker: string[][] = Array.from({ length: tickerIndex.size }, () => []);
  for (const e of timeline) {
    if (e.phase === Phase.ShareAction) {
      const action = shareActions[e.ref]!;
      for (const key of keysByTicker[action.tickerIndex]!) held.set(key, sharesAfter(action, held.get(key)!));
      continue;
    }
    const tx = transactions[e.ref]!;
    for (const change of holdingChanges(tx)) {
      const key = `${tx.portfolioId}\u0000${change.ticker}`;
      const before = held.get(key);
      if (before === undefined) keysByTicker[tickerIndex.get(change.ticker)!]!.push(key);
      const shares = before ?? 0;
      if (change.delta < 0 && reducesHolding(tx.type) && -change.delta > shares) {
        const { id: transactionId, portfolioId, date, ticker } = tx;
        found.push({ transactionId, portfolioId, date, ticker, shares: tx.shares, held: shares });
        if (firstOnly) return found;
      }
      held.set(key, Math.max(0, shares + change.delta));
    }
  }
  return found;
}
