/**
 * The price chart's ranges (1B/3B/1T/3T/5T) and what each shows: pure helpers of the chart's script
 * and its tests. Dates are `YYYY-MM-DD`; their arithmetic is `src/domain/dates.ts`'s.
 */
import { addDays, addMonthsToDay } from '../../domain/dates';
import type { TargetMark } from '../../lib/island-props';

export const CHART_RANGES = [
  { key: '1B', months: 1, label: '1 bulan' },
  { key: '3B', months: 3, label: '3 bulan' },
  { key: '1T', months: 12, label: '1 tahun' },
  { key: '3T', months: 36, label: '3 tahun' },
  { key: '5T', months: 60, label: '5 tahun' },
] as const;
export type RangeKey = (typeof CHART_RANGES)[number]['key'];
export const DEFAULT_RANGE: RangeKey = '1T';

/** The points of a range: after the start date (exclusive), up to the last point. */
export function sliceRange<T extends { date: string }>(points: readonly T[], key: RangeKey): T[] {
  const last = points.at(-1);
  if (!last) return [];
  const months = CHART_RANGES.find((r) => r.key === key)?.months ?? 12;
  const from = addMonthsToDay(last.date, -months);
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
  return firstDate <= addDays(addMonthsToDay(lastDate, -range.months), 7) ? range.label : null;
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
