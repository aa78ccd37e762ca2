/**
 * The price chart's ranges (1B/3B/1T/3T/5T) and what each shows: pure helpers shared by the island
 * and its tests. Dates are `YYYY-MM-DD`.
 */
import type { Rating } from '../domain/analyses';

export const CHART_RANGES = [
  { key: '1B', months: 1, label: '1 bulan' },
  { key: '3B', months: 3, label: '3 bulan' },
  { key: '1T', months: 12, label: '1 tahun' },
  { key: '3T', months: 36, label: '3 tahun' },
  { key: '5T', months: 60, label: '5 tahun' },
] as const;
export type RangeKey = (typeof CHART_RANGES)[number]['key'];
export const DEFAULT_RANGE: RangeKey = '1T';

/** The same day `months` months before `date`, clamped to the month's last day (31 Mar − 1 → 28/29 Feb). */
export function monthsBefore(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const total = y * 12 + (m - 1) - months;
  const year = Math.floor(total / 12);
  const month = total - year * 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}-${String(Math.min(d, lastDay)).padStart(2, '0')}`;
}

/** The points of a range: after the start date (exclusive), up to the last point. */
export function sliceRange<T extends { date: string }>(points: readonly T[], key: RangeKey): T[] {
  const last = points.at(-1);
  if (!last) return [];
  const months = CHART_RANGES.find((r) => r.key === key)?.months ?? 12;
  const from = monthsBefore(last.date, months);
  return points.filter((p) => p.date > from);
}

/**
 * Words for the span a range shows: its label ("1 tahun") when the data reaches back that far, else
 * null — the caller then names the first date instead of promising "5 tahun" over three years of data.
 * A week of slack covers a range starting on a weekend or holiday.
 */
export function rangeLabel(firstDate: string | undefined, lastDate: string, key: RangeKey): string | null {
  const range = CHART_RANGES.find((r) => r.key === key);
  if (!range || !firstDate) return null;
  const from = monthsBefore(lastDate, range.months);
  const slack = new Date(Date.parse(`${from}T00:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10);
  return firstDate <= slack ? range.label : null;
}

export interface TargetMark {
  date: string;
  price: number;
}

/** An analysis' target price on the chart, restated in today's share count. */
export interface ChartTarget extends TargetMark {
  rating: Rating;
}

/**
 * A step line of the target price in force over [from, to]: the last target set before `from` carries
 * over to `from`, each later target starts on its date, and the latest one extends to `to`.
 */
export function targetSteps(targets: readonly TargetMark[], from: string, to: string): TargetMark[] {
  const sorted = [...targets].sort((a, b) => a.date.localeCompare(b.date));
  const before = sorted.filter((t) => t.date < from).at(-1);
  const inside = sorted.filter((t) => t.date >= from && t.date <= to);
  const steps: TargetMark[] = [];
  if (before) steps.push({ date: from, price: before.price });
  for (const t of inside) {
    if (steps.at(-1)?.date === t.date) steps[steps.length - 1] = t;
    else steps.push(t);
  }
  const last = steps.at(-1);
  if (last && last.date < to) steps.push({ date: to, price: last.price });
  return steps;
}
