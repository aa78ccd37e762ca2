/**
 * The rights issues a member's holding page shows (docs/product.md §5.6): for each rights action of
 * the company, the rights credited at the cum date, the TERP on the grid, the exercise period, what
 * the member recorded (exercised, sold, lapsed) and what is still open, and the dilution of a lapse.
 */
import { and, eq, lte, sql } from 'drizzle-orm';
import {
  dilution,
  lapsedValue,
  rightsEntitlement,
  terpOnTick,
  theoreticalExRightsPrice,
} from '../../../domain/corporate/rights';
import type { Transaction } from '../../../domain/portfolio';
import type { Db } from '../../db/client';
import { corporateActions, dailyPrices } from '../../db/schema';

export interface RightsIssueView {
  cumDate: string;
  exDate: string;
  ratioFrom: number;
  ratioTo: number;
  exercisePrice: number;
  exerciseStart: string | null;
  exerciseEnd: string | null;
  /** Close at the end of the cum date; null without a price. */
  cumPrice: number | null;
  terp: number | null;
  terpOnTick: number | null;
  sharesAtCum: number;
  rights: number;
  exercised: number;
  sold: number;
  lapsed: number;
  open: number;
  /** Share of the enlarged company given up by letting every right lapse. */
  dilution: number;
  /** Theoretical value of the rights recorded as lapsed: lapsed × (TERP − exercise price). */
  lapsedValue: number | null;
}

async function closeOn(db: Db, ticker: string, day: string): Promise<number | null> {
  const [row] = await db
    .select({ close: dailyPrices.close })
    .from(dailyPrices)
    .where(and(eq(dailyPrices.ticker, ticker), lte(dailyPrices.date, day)))
    .orderBy(sql`${dailyPrices.date} desc`)
    .limit(1);
  return row?.close ?? null;
}

/** Rights of one kind recorded from `from` up to (not including) `until`, the next issue's ex date. */
const sum = (txs: readonly Transaction[], type: Transaction['type'], from: string, until: string | null) =>
  txs
    .filter((t) => t.type === type && t.date >= from && (until === null || t.date < until))
    .reduce((n, t) => n + t.shares, 0);

/**
 * The company's rights issues that touch the member: `sharesAt(day)` gives the shares held at the end of
 * a day (from the engine); `txs` are the member's transactions of the company. Issues where nothing was
 * held at the cum date are left out.
 */
export async function rightsIssues(
  db: Db,
  ticker: string,
  txs: readonly Transaction[],
  sharesAt: (day: string) => number,
): Promise<RightsIssueView[]> {
  const actions = await db
    .select()
    .from(corporateActions)
    .where(and(eq(corporateActions.ticker, ticker), eq(corporateActions.type, 'rights')))
    .orderBy(sql`${corporateActions.cumDate} desc`);
  const out: RightsIssueView[] = [];
  let until: string | null = null;
  for (const a of actions) {
    const next = until;
    until = a.exDate;
    if (!a.ratioFrom || !a.ratioTo || !a.amount) continue;
    const terms = { ratioFrom: a.ratioFrom, ratioTo: a.ratioTo, exercisePrice: Number(a.amount) };
    const sharesAtCum = sharesAt(a.cumDate);
    const rights = rightsEntitlement(sharesAtCum, a.ratioFrom, a.ratioTo);
    if (rights === 0) continue;
    const cumPrice = await closeOn(db, ticker, a.cumDate);
    const onTick = cumPrice === null ? null : terpOnTick(cumPrice, terms);
    const [exercised, sold, lapsed] = (['rights_exercise', 'rights_sale', 'rights_lapse'] as const).map((k) =>
      sum(txs, k, a.exDate, next),
    ) as [number, number, number];
    out.push({
      cumDate: a.cumDate,
      exDate: a.exDate,
      ...terms,
      exerciseStart: a.exerciseStart,
      exerciseEnd: a.exerciseEnd,
      cumPrice,
      terp: cumPrice === null ? null : theoreticalExRightsPrice(cumPrice, terms),
      terpOnTick: onTick,
      sharesAtCum,
      rights,
      exercised,
      sold,
      lapsed,
      open: Math.max(0, rights - exercised - sold - lapsed),
      dilution: dilution(terms),
      lapsedValue: onTick === null ? null : lapsedValue(lapsed, onTick, terms.exercisePrice),
    });
  }
  return out;
}
