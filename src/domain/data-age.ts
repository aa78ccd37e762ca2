/**
 * How old the market data is against the IDX trading calendar (docs/product.md §5.1): the trading days
 * whose close should be in by now but are not. Pure: the holidays and the hour after which a day's close
 * is expected come from the caller.
 */
import { addDays } from './dates';
import { isTradingDay, wibClock } from './market-calendar';
import type { IsoDate } from './portfolio/types';

/** More trading days behind than this and the pages say so ("Data terakhir: …"). */
const STALE_AFTER_TRADING_DAYS = 3;

export interface DataAge {
  /** Date of the newest close held. */
  lastClose: IsoDate;
  /** The newest trading day whose close is due by now (today once `closeAt` has passed). */
  due: IsoDate;
  /** Trading days after `lastClose` up to and including `due`. */
  behind: number;
  /** `behind` exceeds STALE_AFTER_TRADING_DAYS. */
  stale: boolean;
}

/**
 * The age of data whose newest close is `lastClose`, at instant `now`; `closeAt` is minutes after WIB
 * midnight from which the day's own close is due.
 */
export function dataAge(
  lastClose: IsoDate,
  now: Date,
  opts: { holidays: ReadonlySet<string>; closeAt: number },
): DataAge {
  const clock = wibClock(now);
  let due = clock.minutes >= opts.closeAt ? clock.date : addDays(clock.date, -1);
  // Bounded: no stretch of the calendar has more than a few weeks without a trading day.
  for (let i = 0; i < 60 && !isTradingDay(due, opts.holidays); i++) due = addDays(due, -1);
  let behind = 0;
  for (let d = addDays(lastClose, 1); d <= due; d = addDays(d, 1)) if (isTradingDay(d, opts.holidays)) behind++;
  return { lastClose, due, behind, stale: behind > STALE_AFTER_TRADING_DAYS };
}
