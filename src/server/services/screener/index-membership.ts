/**
 * Index membership on the screening day (docs/product.md §5.8): the market's last day with prices; per index,
 * the period with the latest effective date on or before it. Shared by the screener and the emiten page.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { executeRows } from '../../db/rows';
import { CONSTITUENT_INDEXES, type ConstituentIndex } from '../../../domain/indexes';

/** CTEs `screening(day)` and `current_periods(index_code, effective_date)`, for a `with` clause. */
export const CURRENT_PERIODS = sql`
  screening as (select max(date) as day from daily_prices),
  current_periods as (
    select c.index_code, max(c.effective_date) as effective_date
    from index_constituents c, screening s where c.effective_date <= s.day group by c.index_code)`;

/** `CURRENT_PERIODS` with the screening day given rather than the market's last day. */
export const currentPeriodsOn = (day: string) => sql`
  screening as (select ${day}::date as day),
  current_periods as (
    select c.index_code, max(c.effective_date) as effective_date
    from index_constituents c, screening s where c.effective_date <= s.day group by c.index_code)`;

/** The indexes `ticker` belongs to on the screening day, in the order LQ45, IDX30, JII. */
export async function indexesOf(db: Db, ticker: string): Promise<ConstituentIndex[]> {
  const result = await executeRows<{ index_code: string }>(
    db,
    sql`
    with ${CURRENT_PERIODS}
    select c.index_code from index_constituents c
    join current_periods p on p.index_code = c.index_code and p.effective_date = c.effective_date
    where c.ticker = ${ticker}`,
  );
  const codes = new Set(result.map((r) => r.index_code));
  return CONSTITUENT_INDEXES.filter((i) => codes.has(i));
}
