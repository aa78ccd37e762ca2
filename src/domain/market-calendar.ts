/**
 * IDX trading days: Monday to Friday except the exchange's holidays (national holidays and the
 * collective leave days the exchange also closes on). Holidays are data the operator maintains in a
 * CSV file (`date,name`); this module only reads its text and reasons about dates (`YYYY-MM-DD`, WIB).
 */

import { addDays, isIsoDay, utcDay, WIB_OFFSET_MS } from './dates';

export interface Holiday {
  date: string;
  name: string;
}

/**
 * Parses a holiday file: a `date,name` header, then one `YYYY-MM-DD,name` line per holiday; blank lines
 * and lines starting with `#` are ignored. Errors name the line (1-based) so the operator can fix it.
 */
export function parseHolidays(text: string): { holidays: Holiday[]; errors: string[] } {
  const holidays: Holiday[] = [];
  const errors: string[] = [];
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  lines.forEach((raw, i) => {
    const line = raw.trim();
    if (!line || line.startsWith('#') || /^date\s*,/i.test(line)) return;
    const comma = line.indexOf(',');
    const date = (comma === -1 ? line : line.slice(0, comma)).trim();
    const name = comma === -1 ? '' : line.slice(comma + 1).trim();
    if (!isIsoDay(date)) errors.push(`Baris ${i + 1}: tanggal "${date}" tidak valid (gunakan YYYY-MM-DD)`);
    else holidays.push({ date, name });
  });
  return { holidays, errors };
}

/** Whether the exchange trades on `date`. */
export function isTradingDay(date: string, holidays: ReadonlySet<string>): boolean {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !holidays.has(date);
}

/** The `count` most recent trading days up to and including `lastDay`, oldest first. */
export function recentTradingDays(lastDay: string, count: number, holidays: ReadonlySet<string>): string[] {
  const days: string[] = [];
  // Bounded walk: even a long holiday season leaves far more than `count` trading days in 3 × count weeks.
  for (let d = lastDay, steps = 0; days.length < count && steps < count * 21; d = addDays(d, -1), steps++) {
    if (isTradingDay(d, holidays)) days.push(d);
  }
  return days.reverse();
}

/** `HH:MM` as minutes after midnight, or undefined when it is no time of day. */
export function parseTimeOfDay(text: string): number | undefined {
  const m = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!m) return undefined;
  const [h, min] = [Number(m[1]), Number(m[2])];
  return h < 24 && min < 60 ? h * 60 + min : undefined;
}

/** The WIB calendar date and minutes after WIB midnight of an instant. */
export function wibClock(at: Date): { date: string; minutes: number } {
  const shifted = new Date(at.getTime() + WIB_OFFSET_MS);
  return {
    date: utcDay(shifted),
    minutes: shifted.getUTCHours() * 60 + shifted.getUTCMinutes(),
  };
}

export interface UpdatePlan {
  /** Trading days whose data should be in by now, oldest first (today only once the close has passed). */
  days: string[];
  /** Whether a day's data is overdue: its deadline (a WIB time on the day itself) has passed. */
  overdue(day: string): boolean;
}

/**
 * Which trading days the daily update looks at `now`: the `daysBack` most recent ones whose close
 * time (`closeAt`, minutes after WIB midnight) has passed.
 */
export function planUpdate(
  now: Date,
  opts: { holidays: ReadonlySet<string>; closeAt: number; deadline: number; daysBack: number },
): UpdatePlan {
  const clock = wibClock(now);
  const lastDay = clock.minutes >= opts.closeAt ? clock.date : addDays(clock.date, -1);
  return {
    days: recentTradingDays(lastDay, opts.daysBack, opts.holidays),
    overdue: (day) => day < clock.date || (day === clock.date && clock.minutes >= opts.deadline),
  };
}

const WEEKDAY_NAMES = ['Minggu', 'Senin', 'Selasa', 'Rabu', 'Kamis', 'Jumat', 'Sabtu'];

/**
 * Days among `priced` (days the market has prices for) that the calendar calls non-trading, each with
 * why. The market's own data wins: such a day is a trading day (IDX held a Saturday test session on
 * 2021-05-22), but it is reported, since a weekend or holiday row is as likely a mislabelled date.
 */
export function offCalendarDays(
  priced: readonly string[],
  holidays: ReadonlyMap<string, string> | ReadonlySet<string>,
): { date: string; reason: string }[] {
  return priced.flatMap((date) => {
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
    if (weekday === 0 || weekday === 6) return [{ date, reason: WEEKDAY_NAMES[weekday]! }];
    if (!holidays.has(date)) return [];
    const name = holidays instanceof Map ? holidays.get(date) : undefined;
    return [{ date, reason: name ? `libur bursa: ${name}` : 'libur bursa menurut kalender' }];
  });
}
