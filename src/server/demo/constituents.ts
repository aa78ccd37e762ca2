/**
 * The demo market's index constituents (docs/product.md §5.8, §9), so the demo screener can filter on LQ45,
 * IDX30 and JII. Made up, not IDX's lists: the demo's 40 companies ranked by their demo market value (shares ×
 * base price), the largest in LQ45 and IDX30, and JII from the companies other than conventional banks and
 * tobacco. One period per index: the one in effect on the demo's last trading day, starting on the first
 * trading day of the month its reviews take effect in.
 */
import type { ConstituentIndex } from '../../domain/indexes';
import type { indexConstituents } from '../db/schema';
import { isTradingDay, nextTradingDay } from './calendar';
import type { UniverseEntry } from './universe';

export type DemoConstituent = typeof indexConstituents.$inferInsert;

/** Months (1–12) whose first trading day starts a period (docs/product.md §5.8). */
export const EFFECTIVE_MONTHS: Record<ConstituentIndex, readonly number[]> = {
  LQ45: [2, 5, 8, 11],
  IDX30: [2, 5, 8, 11],
  JII: [6, 12],
};
/** Members per index in the demo: smaller than the real sizes, since the demo lists only 40 companies. */
const DEMO_SIZE: Record<ConstituentIndex, number> = { LQ45: 25, IDX30: 12, JII: 15 };

function firstTradingDay(year: number, month: number): string {
  const first = `${year}-${String(month).padStart(2, '0')}-01`;
  return isTradingDay(first) ? first : nextTradingDay(first);
}

/** The start of the period in effect on `day`: the latest first trading day of an effective month, ≤ `day`. */
export function periodStartOn(day: string, months: readonly number[]): string {
  let year = Number(day.slice(0, 4));
  let month = Number(day.slice(5, 7));
  for (let i = 0; i < 13; i++) {
    if (months.includes(month)) {
      const start = firstTradingDay(year, month);
      if (start <= day) return start;
    }
    month -= 1;
    if (month === 0) [year, month] = [year - 1, 12];
  }
  throw new RangeError(`No effective month in ${months.join(',')}`);
}

const sharia = (u: UniverseEntry) => !(u.subSector === 'Bank' && u.ticker !== 'BRIS') && u.subSector !== 'Rokok';

/** The constituent rows of the period in effect on `lastDate`, per index. */
export function demoConstituents(universe: readonly UniverseEntry[], lastDate: string): DemoConstituent[] {
  const ranked = [...universe].sort(
    (a, b) => b.sharesOutstanding * b.basePrice - a.sharesOutstanding * a.basePrice || a.ticker.localeCompare(b.ticker),
  );
  const members: Record<ConstituentIndex, readonly UniverseEntry[]> = {
    LQ45: ranked.slice(0, DEMO_SIZE.LQ45),
    IDX30: ranked.slice(0, DEMO_SIZE.IDX30),
    JII: ranked.filter(sharia).slice(0, DEMO_SIZE.JII),
  };
  return (Object.keys(members) as ConstituentIndex[]).flatMap((indexCode) => {
    const effectiveDate = periodStartOn(lastDate, EFFECTIVE_MONTHS[indexCode]);
    return members[indexCode].map((u) => ({ indexCode, effectiveDate, ticker: u.ticker }));
  });
}
