/**
 * IDX trading calendar for the demo data: weekdays minus the exchange holidays of
 * `market/idx-holidays.csv`, the same file the daily market update reads (docs/product.md §5.1), so the demo
 * market and the real one close on the same days. Dates are plain 'YYYY-MM-DD' strings (calendar dates
 * in WIB); arithmetic runs on UTC days so no time zone can shift a date. The file is read once, on first
 * use; outside the years it covers only weekends are closed.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { DAY_MS, fromDayNumber, toDayNumber } from '../../domain/dates';
import { parseHolidays } from '../../domain/market-calendar';

/** The repository's holiday file, relative to the working directory the app and scripts run from. */
const HOLIDAYS_FILE = 'market/idx-holidays.csv';

let holidays: ReadonlySet<string> | undefined;

function exchangeHolidays(): ReadonlySet<string> {
  if (!holidays) {
    const parsed = parseHolidays(readFileSync(resolve(HOLIDAYS_FILE), 'utf8'));
    if (parsed.errors.length) throw new Error(`${HOLIDAYS_FILE}: ${parsed.errors.join('; ')}`);
    holidays = new Set(parsed.holidays.map((h) => h.date));
  }
  return holidays;
}

/** True on weekdays that are not exchange holidays. */
export function isTradingDay(date: string): boolean {
  const weekday = new Date(toDayNumber(date) * DAY_MS).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !exchangeHolidays().has(date);
}

/** All trading days from `from` to `to`, both inclusive, ascending; empty when `from` > `to`. */
export function tradingDays(from: string, to: string): string[] {
  const days: string[] = [];
  for (let d = toDayNumber(from), end = toDayNumber(to); d <= end; d++) {
    const date = fromDayNumber(d);
    if (isTradingDay(date)) days.push(date);
  }
  return days;
}

/**
 * The trading day `n` trading days after `date` (before it when `n` < 0), counting from `date`
 * whether or not it is a trading day itself; `n` = 0 returns `date` unchanged.
 */
export function addTradingDays(date: string, n: number): string {
  const step = n < 0 ? -1 : 1;
  let day = toDayNumber(date);
  for (let left = Math.abs(n); left > 0;) {
    day += step;
    if (isTradingDay(fromDayNumber(day))) left--;
  }
  return fromDayNumber(day);
}

/** The first trading day strictly after `date`. */
export function nextTradingDay(date: string): string {
  return addTradingDays(date, 1);
}

/** The last trading day strictly before `date`. */
export function previousTradingDay(date: string): string {
  return addTradingDays(date, -1);
}

/** `date` itself when it is a trading day, else the last trading day before it. */
export function tradingDayOnOrBefore(date: string): string {
  return isTradingDay(date) ? date : previousTradingDay(date);
}
