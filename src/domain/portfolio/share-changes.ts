/**
 * A holding's share-count changes (split, reverse split, bonus shares) as the holding page shows them,
 * and prices restated across them: the page's chart puts every close in the share count of the last
 * close, as the emiten page does (docs/product.md §5), so a split is no cliff and the average price, which
 * the engine keeps in today's share count, sits on the same basis.
 */
import { changeFactor } from '../valuation';
import type { CorporateAction, DailyClose, IsoDate } from './types';

export type ShareChangeType = 'split' | 'reverse_split' | 'bonus';

export interface ShareChange {
  date: IsoDate;
  type: ShareChangeType;
  ratioFrom: number;
  ratioTo: number;
  /** Shares after ÷ shares before (5 for a 1:5 split). */
  factor: number;
}

const whole = (n: number | null | undefined): n is number => typeof n === 'number' && Number.isInteger(n) && n > 0;

/** `ticker`'s share changes with a usable ratio, by ex date ascending. */
export function shareChanges(actions: readonly CorporateAction[], ticker: string): ShareChange[] {
  const out: ShareChange[] = [];
  for (const a of actions) {
    if (a.ticker !== ticker || (a.type !== 'split' && a.type !== 'reverse_split' && a.type !== 'bonus')) continue;
    if (!whole(a.ratioFrom) || !whole(a.ratioTo)) continue;
    const factor = changeFactor(a.type, a.ratioFrom, a.ratioTo);
    out.push({ date: a.exDate, type: a.type, ratioFrom: a.ratioFrom, ratioTo: a.ratioTo, factor });
  }
  return out.sort((a, b) => a.date.localeCompare(b.date));
}

/** The product of the factors of the changes after `date` up to and including `until`. */
export function factorBetween(changes: readonly ShareChange[], date: IsoDate, until: IsoDate): number {
  let f = 1;
  for (const c of changes) if (c.date > date && c.date <= until) f *= c.factor;
  return f;
}

/** Closes in the share count of the last one: each divided by the share changes after it. */
export function splitAdjustedCloses(closes: readonly DailyClose[], changes: readonly ShareChange[]): DailyClose[] {
  const last = closes.at(-1)?.date;
  if (!last || changes.length === 0) return [...closes];
  return closes.map((c) => {
    const f = factorBetween(changes, c.date, last);
    return f === 1 ? c : { date: c.date, close: c.close / f };
  });
}
