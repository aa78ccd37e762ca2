/**
 * What to call the change between the last two closes (docs/product.md §10.17): "Hari ini" only when the
 * last close is today's; before the session ends (or on a day without trading) it is the change of the last
 * trading day, named by its date.
 */
import { formatShortDate } from './format';

export function dayChangeLabel(lastCloseDate: string | null | undefined, today: string): string {
  if (!lastCloseDate || lastCloseDate >= today) return 'Hari ini';
  return `Perubahan ${formatShortDate(lastCloseDate)}`;
}

/** The latest close date among holdings, or null without any close. */
export function latestCloseDate(rows: { lastCloseDate: string | null }[]): string | null {
  return rows.reduce<string | null>(
    (max, r) => (r.lastCloseDate && (!max || r.lastCloseDate > max) ? r.lastCloseDate : max),
    null,
  );
}
