/**
 * IDX trading calendar for the demo data: weekdays minus Indonesian public holidays, cuti bersama and
 * the exchange's 31 December closure. Dates are plain 'YYYY-MM-DD' strings (calendar dates in WIB);
 * arithmetic runs on UTC days so no time zone can shift a date. Pure, no I/O.
 */

/**
 * Exchange holidays 2023–2026. The lunar and religious dates (Imlek, Nyepi, Isra Mi'raj, Idul Fitri,
 * Idul Adha, Waisak, Tahun Baru Islam, Maulid) and the cuti bersama days are approximations of the
 * government's SKB lists, good enough for demo data; outside 2023–2026 only weekends are closed.
 */
const HOLIDAYS_BY_YEAR: Record<number, string> = {
  2023: `01-23 03-22 03-23 04-07 04-19 04-20 04-21 04-24 04-25 05-01 05-18 06-01 06-02
        06-28 06-29 06-30 07-19 08-17 09-28 12-25 12-26`,
  2024: `01-01 02-08 02-09 02-14 03-11 03-12 03-29 04-08 04-09 04-10 04-11 04-12 04-15
        05-01 05-09 05-10 05-23 05-24 06-17 06-18 09-16 12-25 12-26 12-31`,
  2025: `01-01 01-27 01-28 01-29 03-28 03-31 04-01 04-02 04-03 04-04 04-07 04-18 05-01
        05-12 05-13 05-29 05-30 06-06 06-09 06-27 08-18 09-05 12-25 12-26 12-31`,
  2026: `01-01 01-16 02-16 02-17 03-18 03-19 03-20 03-23 03-24 04-03 05-01 05-14 05-15
        05-27 05-28 06-01 06-16 08-17 08-25 12-24 12-25 12-31`,
};

const HOLIDAYS: ReadonlySet<string> = new Set(
  Object.entries(HOLIDAYS_BY_YEAR).flatMap(([year, days]) => days.split(/\s+/).map((d) => `${year}-${d}`)),
);

const DAY_MS = 86_400_000;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Days since 1970-01-01 for a 'YYYY-MM-DD' date; throws on anything else. */
export function toDayNumber(date: string): number {
  const ms = ISO_DATE.test(date) ? Date.parse(`${date}T00:00:00Z`) : NaN;
  if (Number.isNaN(ms)) throw new RangeError(`Not a 'YYYY-MM-DD' date: ${date}`);
  return Math.round(ms / DAY_MS);
}

/** The 'YYYY-MM-DD' date of a day number from `toDayNumber`. */
export function fromDayNumber(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** The calendar date `n` days after `date` (`n` may be negative). */
export function addCalendarDays(date: string, n: number): string {
  return fromDayNumber(toDayNumber(date) + n);
}

/** True on weekdays that are not exchange holidays. */
export function isTradingDay(date: string): boolean {
  const weekday = new Date(toDayNumber(date) * DAY_MS).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !HOLIDAYS.has(date);
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
