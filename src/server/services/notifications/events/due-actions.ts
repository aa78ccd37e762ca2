/**
 * The corporate actions a reminder is about: those of one type whose deadline (a cum date, the end of a
 * rights exercise period) falls today or within a few trading days, with the issuer's name.
 */
import { and, eq, gte, lte } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { corporateActions, emiten } from '../../../db/schema';
import { addDays } from '../../../../domain/dates';
import { tradingDays } from '../../../demo/calendar';

type Action = typeof corporateActions.$inferSelect;

/**
 * Actions of `type` whose `deadline` is from today up to `within` trading days after it, each with its
 * issuer's name and `tradingDaysLeft` (trading days after today up to and including the deadline; 0: today).
 */
export async function dueActions(
  db: Db,
  today: string,
  type: Action['type'],
  deadline: 'cumDate' | 'exerciseEnd',
  within: number,
): Promise<{ a: Action; name: string; day: string; tradingDaysLeft: number }[]> {
  // A few trading days never span more than two weeks, even over Lebaran.
  const rows = await db
    .select({ a: corporateActions, name: emiten.name })
    .from(corporateActions)
    .innerJoin(emiten, eq(emiten.ticker, corporateActions.ticker))
    .where(
      and(
        eq(corporateActions.type, type),
        gte(corporateActions[deadline], today),
        lte(corporateActions[deadline], addDays(today, 14)),
      ),
    );
  return rows
    .flatMap(({ a, name }) => {
      const day = a[deadline];
      return day
        ? [{ a, name, day, tradingDaysLeft: day === today ? 0 : tradingDays(addDays(today, 1), day).length }]
        : [];
    })
    .filter((d) => d.tradingDaysLeft <= within);
}
