/**
 * Watchlists and alerts (docs/product.md §10): the kinds of alert, how many a member may keep per tier, and
 * how a price level is put on the IDX grid. Pure, no I/O.
 */
import { ceilToTick, floorToTick, roundToTick, tickSize } from './idx';
import { addDays } from './dates';
import { isTradingDay } from './market-calendar';
import { TIERS, type Tier } from './tiers';

export const ALERT_KINDS = [
  'price_above',
  'price_below',
  'move',
  'target',
  'fair_value',
  'analysis',
  'cum_date',
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** What a notice (`alert_events`) records: an alert on a code, or codes entering a saved screen. */
export type NoticeKind = AlertKind | 'screen';

/** Saved screens per member, the same for every tier (docs/product.md §11). */
export const SAVED_SCREEN_LIMIT = 20;

export function isAlertKind(s: string): s is AlertKind {
  return (ALERT_KINDS as readonly string[]).includes(s);
}

/** Active alerts a member may keep, per tier (docs/product.md §10). */
export const ALERT_LIMIT: Record<Tier, number> = { gratis: 5, reguler: 50, premium: 200 };

/** Watchlists per member and codes per watchlist, the same for every tier. */
export const WATCHLIST_LIMIT = 20;
export const WATCHLIST_ITEM_LIMIT = 100;

/** The smallest and largest day's move an alert may watch, in percent. */
export const MOVE_PCT_MIN = 1;
export const MOVE_PCT_MAX = 35;

/** Trading days before a cum date that a `cum_date` alert fires (the dividend reminder of §7.4). */
export const CUM_DATE_LEAD_DAYS = 3;

/** 0 gratis, 1 reguler, 2 premium: the rank stored beside a research call for SQL. */
export function tierRank(t: Tier): number {
  return TIERS.indexOf(t);
}

export interface SnappedLevel {
  level: number;
  /** The grid step at that level. */
  step: number;
  /** True when the level entered was off the grid and was moved. */
  moved: boolean;
}

/**
 * Puts an alert level on the grid: "at or above" rounds up to the next grid price (the first price at
 * which the condition can hold), "at or below" rounds down; any other kind rounds to the nearest.
 */
export function snapLevel(kind: AlertKind, entered: number): SnappedLevel {
  const level =
    kind === 'price_above' ? ceilToTick(entered) : kind === 'price_below' ? floorToTick(entered) : roundToTick(entered);
  return { level, step: tickSize(level), moved: level !== entered };
}

/** The day `count` trading days after `day` (weekends and `holidays` skipped). */
export function tradingDaysAfter(day: string, count: number, holidays: ReadonlySet<string>): string {
  let d = day;
  for (let left = count, steps = 0; left > 0 && steps < count * 21; steps++) {
    d = addDays(d, 1);
    if (isTradingDay(d, holidays)) left--;
  }
  return d;
}
