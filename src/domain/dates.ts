/**
 * Calendar dates, one home for them: ISO day strings (`YYYY-MM-DD`), the WIB day of an instant, day
 * arithmetic on ISO days and day numbers (days since 1970-01-01), and calendar months in WIB.
 *
 * An ISO day is a calendar date, not an instant; arithmetic on it is done in UTC, where every day has
 * 24 hours. WIB (Asia/Jakarta) is UTC+7 all year, without daylight saving, so midnight WIB is 17:00 UTC
 * of the day before. Calendar months (31 Jan + 1 month = 28/29 Feb) go through date-fns.
 */
import { TZDate } from '@date-fns/tz';
import { addMonths } from 'date-fns/addMonths';
import { TIME_ZONE } from '../lib/format';

/** A calendar date `YYYY-MM-DD`. */
export type IsoDay = string;

/** Milliseconds in a day (24 hours). */
export const DAY_MS = 86_400_000;

/** WIB is UTC+7 all year (no daylight saving). */
export const WIB_OFFSET_MS = 7 * 3_600_000;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The UTC calendar date of an instant: for dates built at UTC midnight, the date they stand for. */
export function utcDay(instant: Date): IsoDay {
  return instant.toISOString().slice(0, 10);
}

/** The calendar date in WIB of an instant (17:00 UTC is already the next day in WIB). */
export function wibDate(instant: Date): IsoDay {
  return utcDay(new Date(instant.getTime() + WIB_OFFSET_MS));
}

/** The instant midnight WIB begins `day`. */
export function wibMidnight(day: IsoDay): Date {
  return new Date(`${day}T00:00:00+07:00`);
}

/** Whether `s` is a real calendar date written `YYYY-MM-DD` (no 2026-02-30). */
export function isIsoDay(s: string): boolean {
  if (!ISO_DAY.test(s)) return false;
  const ms = Date.parse(`${s}T00:00:00Z`);
  return !Number.isNaN(ms) && utcDay(new Date(ms)) === s;
}

const ZERO = 48;

function digits(s: string, from: number, count: number): number {
  let n = 0;
  for (let i = from; i < from + count; i++) {
    const d = s.charCodeAt(i) - ZERO;
    if (d < 0 || d > 9) return NaN;
    n = n * 10 + d;
  }
  return n;
}

/**
 * The day number (days since 1970-01-01) of a `YYYY-MM-DD` date; throws RangeError on anything else.
 * Integer arithmetic without Date objects: the portfolio engine calls it in its loops.
 */
export function toDayNumber(day: IsoDay): number {
  const y0 = digits(day, 0, 4);
  const m = digits(day, 5, 2);
  const d = digits(day, 8, 2);
  if (day.length !== 10 || day[4] !== '-' || day[7] !== '-' || !(m >= 1 && m <= 12 && d >= 1 && d <= 31)) {
    throw new RangeError(`Not a YYYY-MM-DD date: ${day}`);
  }
  // Howard Hinnant's days_from_civil.
  const y = m <= 2 ? y0 - 1 : y0;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (m > 2 ? m - 3 : m + 9) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

/** The `YYYY-MM-DD` date of a day number. */
export function fromDayNumber(dayNumber: number): IsoDay {
  return utcDay(new Date(dayNumber * DAY_MS));
}

/** The date `days` calendar days after `day` (negative: before). */
export function addDays(day: IsoDay, days: number): IsoDay {
  return utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
}

/** Calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: IsoDay, to: IsoDay): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The instant `days` × 24 hours after `instant` (negative: before). */
export function addDaysToInstant(instant: Date, days: number): Date {
  return new Date(instant.getTime() + days * DAY_MS);
}

/**
 * The same calendar date `months` months after `day` (negative: before); a day the month lacks falls
 * back to its last day (31 March − 1 month = 28/29 February, 29 February − 12 months = 28 February).
 */
export function addMonthsToDay(day: IsoDay, months: number): IsoDay {
  return utcDay(addMonths(new TZDate(Date.parse(`${day}T00:00:00Z`), 'UTC'), months));
}

/** `months` calendar months after the instant `from`, counted in WIB (31 Jan + 1 month = 28/29 Feb). */
export function addMonthsWib(from: Date, months: number): Date {
  return new Date(addMonths(new TZDate(from.getTime(), TIME_ZONE), months).getTime());
}
