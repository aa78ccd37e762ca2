/**
 * Realised gains per sale (docs/product.md §5: realised = shares × price − fee − average cost × shares) with the
 * holding period and per-year totals, and the break-even sell price of a holding.
 */
import { ceilToTick } from '../idx';
import { toDayNumber } from '../dates';
import { holdingChanges } from './kinds';
import { Dec } from './money';
import type { IsoDate, RealisedSell, Transaction } from './types';

export interface RealisedRow extends RealisedSell {
  /** realised ÷ cost removed; null when no cost left with the sale. */
  realisedPct: number | null;
  /** The date the position was opened: the buy that took it from no shares to some. */
  openedOn: IsoDate | null;
  /** Calendar days from `openedOn` to the sale. */
  holdingDays: number | null;
}

export interface RealisedYear {
  year: number;
  sells: number;
  proceeds: number;
  costRemoved: number;
  realised: number;
}

/**
 * The opening date of the position each sell came from, per sell id. A position opens with the buy
 * that takes it from zero shares; a sale that empties it closes it. Splits and bonuses change the
 * count, never the opening, so they are not needed here.
 */
function openingDates(transactions: readonly Transaction[]): Map<string, IsoDate | null> {
  const held = new Map<string, { shares: number; since: IsoDate | null }>();
  const out = new Map<string, IsoDate | null>();
  const ordered = [...transactions].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  for (const tx of ordered) {
    for (const change of holdingChanges(tx)) {
      const key = `${tx.portfolioId}\u0000${change.ticker}`;
      const h = held.get(key) ?? { shares: 0, since: null };
      if (change.delta > 0) {
        if (h.shares === 0) h.since = tx.date;
        h.shares += change.delta;
      } else {
        if (change.ticker === tx.ticker) out.set(tx.id, h.since);
        h.shares = Math.max(0, h.shares + change.delta);
        if (h.shares === 0) h.since = null;
      }
      held.set(key, h);
    }
    if (tx.type === 'rights_sale') out.set(tx.id, null);
  }
  return out;
}

/** Every sell with its percentage and holding period, newest first. */
export function realisedRows(sells: readonly RealisedSell[], transactions: readonly Transaction[]): RealisedRow[] {
  const opened = openingDates(transactions);
  return sells
    .map((s) => {
      const openedOn = opened.get(s.transactionId) ?? null;
      return {
        ...s,
        realisedPct: s.costRemoved > 0 ? s.realised / s.costRemoved : null,
        openedOn,
        holdingDays: openedOn === null ? null : toDayNumber(s.date) - toDayNumber(openedOn),
      };
    })
    .sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
}

/** Totals per sale year, newest year first. */
export function realisedByYear(rows: readonly RealisedSell[]): RealisedYear[] {
  const years = new Map<number, RealisedYear>();
  for (const r of rows) {
    const year = Number(r.date.slice(0, 4));
    const y = years.get(year) ?? { year, sells: 0, proceeds: 0, costRemoved: 0, realised: 0 };
    y.sells += 1;
    y.proceeds += r.proceeds;
    y.costRemoved += r.costRemoved;
    y.realised += r.realised;
    years.set(year, y);
  }
  return [...years.values()].sort((a, b) => b.year - a.year);
}

/**
 * The lowest valid IDX price at which selling the whole holding returns its remaining cost after the
 * sell fee: the next tick at or above cost ÷ shares ÷ (1 − sell fee). Null without shares.
 */
export function breakEvenSellPrice(remainingCost: number, shares: number, sellBps: number): number | null {
  if (shares <= 0) return null;
  const exact = new Dec(remainingCost).times(10_000).div(new Dec(shares).times(10_000 - sellBps));
  return ceilToTick(exact.toDecimalPlaces(6, Dec.ROUND_UP).toNumber());
}
