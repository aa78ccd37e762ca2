/**
 * Daily closes packed into one short string for an island's props. Astro writes every value of an
 * island's props as `[0, value]` inside an HTML attribute, every quote as `&quot;`: 700 closes took 52 KB
 * of a holding's page that way, and take 6 KB packed.
 *
 * The format: the first date, then for each close the calendar days since the one before (0 for the
 * first) and the close as JavaScript writes the number (`String(n)`, read back exactly), e.g.
 * `2024-02-23|0:4280,3:4230,1:4230`. An empty list packs to an empty string.
 */
import { fromDayNumber, toDayNumber } from '../dates';
import type { DailyClose } from './types';

export function packCloses(closes: readonly DailyClose[]): string {
  if (closes.length === 0) return '';
  let previous = toDayNumber(closes[0]!.date);
  const points = closes.map(({ date, close }) => {
    const day = toDayNumber(date);
    const step = day - previous;
    previous = day;
    return `${step}:${close}`;
  });
  return `${closes[0]!.date}|${points.join(',')}`;
}

/** The closes of `packCloses`'s string; throws RangeError on a string it did not write. */
export function unpackCloses(packed: string): DailyClose[] {
  if (packed === '') return [];
  const [first, points, ...rest] = packed.split('|');
  if (points === undefined || rest.length > 0) throw new RangeError('Not a packed list of closes');
  let day = toDayNumber(first!);
  return points.split(',').map((point) => {
    const [step, close, ...more] = point.split(':');
    const days = Number(step);
    const value = Number(close);
    if (more.length > 0 || !Number.isInteger(days) || days < 0 || close === '' || !Number.isFinite(value))
      throw new RangeError(`Not a packed close: ${point}`);
    day += days;
    return { date: fromDayNumber(day), close: value };
  });
}
