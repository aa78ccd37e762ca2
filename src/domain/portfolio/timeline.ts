/**
 * Everything that happens to a portfolio, as one list in processing order. Within a day: share
 * actions on their ex date (trades that day are already at post-split prices), dividends going ex,
 * trades in entry order, dividend entitlement at the END of the cum date, payments, then valuation.
 */
import type { DividendAction, ShareAction } from './actions';

export const Phase = { ShareAction: 0, DividendEx: 1, Trade: 2, DividendCum: 3, DividendPay: 4, Value: 5 } as const;
export type Phase = (typeof Phase)[keyof typeof Phase];

/** One step. `ref` indexes the list its phase belongs to (trades, share actions, dividends, valuation days). */
export interface TimelineEvent {
  day: number;
  phase: Phase;
  ref: number;
}

export interface TimelineParts {
  tradeDays: readonly number[];
  shareActions: readonly ShareAction[];
  dividends: readonly DividendAction[];
  valuationDays: readonly number[];
  /** Steps after this day are left out. */
  lastDay: number;
}

function push(events: TimelineEvent[], day: number | null, phase: Phase, ref: number, lastDay: number): void {
  if (day !== null && day <= lastDay) events.push({ day, phase, ref });
}

/** The steps in processing order; ties keep their list order, so trades keep entry order. O(n log n). */
export function buildTimeline(parts: TimelineParts): TimelineEvent[] {
  const { lastDay } = parts;
  const events: TimelineEvent[] = [];
  parts.tradeDays.forEach((day, i) => push(events, day, Phase.Trade, i, lastDay));
  parts.shareActions.forEach((a, i) => push(events, a.exDay, Phase.ShareAction, i, lastDay));
  parts.dividends.forEach((a, i) => {
    push(events, a.exDay, Phase.DividendEx, i, lastDay);
    push(events, a.cumDay, Phase.DividendCum, i, lastDay);
    push(events, a.payDay, Phase.DividendPay, i, lastDay);
  });
  parts.valuationDays.forEach((day, i) => push(events, day, Phase.Value, i, lastDay));
  // Array.prototype.sort is stable, so equal (day, phase) keep the order they were pushed in.
  return events.sort((a, b) => a.day - b.day || a.phase - b.phase);
}
