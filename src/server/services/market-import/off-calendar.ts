/**
 * Price days the trading calendar calls non-trading (a weekend, a holiday in the calendar file): the
 * prices stay, the day counts as a trading day, and the import reports it (`offCalendarDays`).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { dailyPrices } from '../../db/schema';
import { offCalendarDays } from '../../../domain/market-calendar';

/** Every day with stock prices that the calendar calls non-trading, with the reason, oldest first. */
export async function offCalendarPriceDays(
  db: Db,
  holidays: ReadonlyMap<string, string>,
): Promise<{ date: string; reason: string }[]> {
  const holidayDates = [...holidays.keys()];
  // Only weekend days and listed holidays can be off the calendar: let the database pick those out.
  const listed = holidayDates.length
    ? sql`or ${dailyPrices.date} in (${sql.join(
        holidayDates.map((d) => sql`${d}::date`),
        sql`, `,
      )})`
    : sql``;
  const rows = await db
    .selectDistinct({ d: dailyPrices.date })
    .from(dailyPrices)
    .where(sql`extract(isodow from ${dailyPrices.date}) in (6, 7) ${listed}`)
    .orderBy(dailyPrices.date);
  return offCalendarDays(
    rows.map((r) => r.d),
    holidays,
  );
}
