/**
 * Calendar dates as day numbers (days since 1970-01-01) so the engine compares and subtracts integers
 * instead of parsing strings in its loops.
 */
import type { IsoDate } from './types';

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

/** Day number of a `YYYY-MM-DD` date; throws RangeError on anything else. */
export function toDay(iso: IsoDate): number {
  const y0 = digits(iso, 0, 4);
  const m = digits(iso, 5, 2);
  const d = digits(iso, 8, 2);
  if (iso.length !== 10 || iso[4] !== '-' || iso[7] !== '-' || !(m >= 1 && m <= 12 && d >= 1 && d <= 31)) {
    throw new RangeError(`Not a YYYY-MM-DD date: ${iso}`);
  }
  // Howard Hinnant's days_from_civil: exact integer arithmetic, no Date objects.
  const y = m <= 2 ? y0 - 1 : y0;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (m > 2 ? m - 3 : m + 9) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

/** The `YYYY-MM-DD` date of a day number. */
export function fromDay(day: number): IsoDate {
  return new Date(day * 86_400_000).toISOString().slice(0, 10);
}
