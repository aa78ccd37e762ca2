/**
 * Dates on chart axes and crosshairs in Indonesian (`Sep`, `20 Nov 2026`), for every lightweight-charts
 * chart. Pure and free of the chart library, so islands can use it before the library is loaded.
 */

/** What lightweight-charts' `Time` can be: `YYYY-MM-DD`, a business day, or a UTC timestamp in seconds. */
export type ChartTime = string | number | { year: number; month: number; day: number };

/** Which part of the date a tick mark stands for (the library's `TickMarkType`, by meaning). */
export type TickKind = 'year' | 'month' | 'day';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'Mei', 'Jun', 'Jul', 'Agu', 'Sep', 'Okt', 'Nov', 'Des'];

function parts(time: ChartTime): { y: number; m: number; d: number } {
  if (typeof time === 'string') {
    const [y, m, d] = time.split('-').map(Number) as [number, number, number];
    return { y, m, d };
  }
  if (typeof time === 'object') return { y: time.year, m: time.month, d: time.day };
  const date = new Date(time * 1000);
  return { y: date.getUTCFullYear(), m: date.getUTCMonth() + 1, d: date.getUTCDate() };
}

/** `20 Nov 2026`. */
export function formatChartTime(time: ChartTime): string {
  const { y, m, d } = parts(time);
  return `${d} ${MONTHS[m - 1]} ${y}`;
}

/**
 * Axis ticks: `2026` at a new year, `Sep` at a new month, otherwise the day with its month (`2 Sep`):
 * the library marks the first day it draws of a month as a day when that month's first trading day
 * did not get a tick of its own, and a bare `2` there reads as a month that went missing.
 */
export function tickLabel(time: ChartTime, kind: TickKind): string {
  const { y, m, d } = parts(time);
  if (kind === 'year') return String(y);
  if (kind === 'month') return MONTHS[m - 1]!;
  return `${d} ${MONTHS[m - 1]}`;
}
