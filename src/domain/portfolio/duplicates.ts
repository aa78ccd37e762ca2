/**
 * Manual dividend entries that the corporate-action data already pays. The rule, one for the service
 * and the engine: a manual dividend of a portfolio and ticker dated on the payment date of a cash
 * dividend of that ticker, to which the portfolio is entitled (it held shares at the end of the cum
 * date), is covered. The service refuses such an entry; the engine counts the corporate action and
 * ignores the entry (so data imported later never pays a dividend twice).
 */
import { normaliseActions, sharesAfter } from './actions';
import { toDayNumber } from '../dates';
import { codesOf, holdingChanges } from './kinds';
import { buildTimeline, Phase } from './timeline';
import type { CorporateAction, IsoDate, Transaction } from './types';

/** A manual dividend entry that duplicates a corporate-action dividend. */
export interface CoveredDividend {
  transactionId: string;
  portfolioId: string;
  ticker: string;
  date: IsoDate;
  /** The corporate action's cash dividend per share, as an exact decimal string. */
  amountPerShare: string;
}

const keyOf = (portfolioId: string, ticker: string) => `${portfolioId}\u0000${ticker}`;

/**
 * Every covered manual dividend among `transactions` (several portfolios are kept apart), in input
 * order. O(n log n); returns at once when there is no manual dividend.
 */
export function findCoveredDividends(
  transactions: readonly Transaction[],
  corporateActions: readonly CorporateAction[],
): CoveredDividend[] {
  if (!transactions.some((t) => t.type === 'dividend')) return [];
  const tickerIndex = new Map<string, number>();
  for (const t of transactions)
    for (const c of codesOf(t)) if (!tickerIndex.has(c)) tickerIndex.set(c, tickerIndex.size);
  const { shareActions, dividends } = normaliseActions(corporateActions, tickerIndex);
  const timeline = buildTimeline({
    tradeDays: transactions.map((t) => toDayNumber(t.date)),
    shareActions,
    dividends,
    valuationDays: [],
    lastDay: Infinity,
  });
  const held = new Map<string, number>();
  const keysByTicker: string[][] = Array.from({ length: tickerIndex.size }, () => []);
  // (portfolio, ticker, payment day) → per-share amount, for every dividend a portfolio is entitled to.
  const entitled = new Map<string, string>();
  for (const e of timeline) {
    if (e.phase === Phase.ShareAction) {
      const action = shareActions[e.ref]!;
      for (const key of keysByTicker[action.tickerIndex]!) held.set(key, sharesAfter(action, held.get(key)!));
    } else if (e.phase === Phase.DividendCum) {
      const d = dividends[e.ref]!;
      if (d.payDay === null) continue;
      for (const key of keysByTicker[d.tickerIndex]!) {
        if (held.get(key)! > 0) entitled.set(`${key}\u0000${d.payDay}`, d.perShareText);
      }
    } else if (e.phase === Phase.Trade) {
      const t = transactions[e.ref]!;
      for (const change of holdingChanges(t)) {
        const key = keyOf(t.portfolioId, change.ticker);
        const before = held.get(key);
        if (before === undefined) keysByTicker[tickerIndex.get(change.ticker)!]!.push(key);
        held.set(key, Math.max(0, (before ?? 0) + change.delta));
      }
    }
  }
  const covered: CoveredDividend[] = [];
  for (const t of transactions) {
    if (t.type !== 'dividend') continue;
    const amountPerShare = entitled.get(`${keyOf(t.portfolioId, t.ticker)}\u0000${toDayNumber(t.date)}`);
    if (amountPerShare !== undefined) {
      covered.push({ transactionId: t.id, portfolioId: t.portfolioId, ticker: t.ticker, date: t.date, amountPerShare });
    }
  }
  return covered;
}
