/**
 * Demo corporate actions: cash dividends (final around May, interim around November) and one split.
 * Dates follow the IDX settlement cycle: ex date = next trading day after the cum date, recording
 * date = the trading day after the ex date, payment two to four weeks later.
 */
import type { UniverseEntry } from './universe';
import type { corporateActions } from '../db/schema';
import { addDays } from '../../domain/dates';
import { addTradingDays, nextTradingDay, previousTradingDay, tradingDayOnOrBefore } from './calendar';
import { DEMO_SPLIT, INTERIM_PAYERS, type TickerProfile } from './profile';
import { rngFor, type Rng } from './rng';

export type DemoAction = typeof corporateActions.$inferInsert;

/** What the dividend generator needs to know about a ticker's prices. */
export interface PriceLookup {
  /** First and last dates with a close. */
  first: string;
  last: string;
  /** The close on `date`, or on the last trading day before it; the first close before `first`. */
  closeOn(date: string): number;
}

/** A per-share amount as the IDX announces it: halves of a Rupiah below Rp 100, whole Rupiah above. */
function niceAmount(value: number): number {
  return value < 100 ? Math.max(0.5, Math.round(value * 2) / 2) : Math.round(value);
}

function dividend(ticker: string, cumDate: string, amount: number, note: string, rng: Rng): DemoAction {
  const exDate = nextTradingDay(cumDate);
  const recordingDate = nextTradingDay(exDate);
  const paymentDate = addTradingDays(recordingDate, rng.int(10, 18));
  return { ticker, type: 'dividend', cumDate, exDate, recordingDate, paymentDate, amount: String(amount), note };
}

interface Payout {
  kind: 'interim' | 'final';
  /** Month and day the cum date falls on or just before. */
  monthDay: string;
  share: number;
}

function payoutsOf(entry: UniverseEntry, rng: Rng): Payout[] {
  const day = (lo: number, hi: number) => String(rng.int(lo, hi)).padStart(2, '0');
  const finalDate = `${day(4, 6)}-${day(1, 28)}`;
  if (!INTERIM_PAYERS.has(entry.ticker)) return [{ kind: 'final', monthDay: finalDate, share: 1 }];
  return [
    { kind: 'final', monthDay: finalDate, share: 0.6 },
    { kind: 'interim', monthDay: `${day(11, 12)}-${day(1, 10)}`, share: 0.4 },
  ];
}

const NOTES = { interim: 'Dividen tunai interim', final: 'Dividen tunai final' } as const;

/**
 * Cash dividends of one ticker with cum dates inside its priced period. With `upcomingAfter` set,
 * one more dividend gets a cum date 5–20 trading days after that date (its amount from the last
 * close), and regular ones within 120 days before it are dropped so payouts stay spaced.
 */
export function dividendsFor(
  entry: UniverseEntry,
  profile: TickerProfile,
  prices: PriceLookup,
  upcomingAfter?: string,
): DemoAction[] {
  if (profile.dividendYield <= 0) return [];
  const rng = rngFor(`${entry.ticker}:dividends`);
  const payouts = payoutsOf(entry, rng);
  const upcomingCum = upcomingAfter ? addTradingDays(upcomingAfter, rng.int(5, 20)) : undefined;
  const amountAt = (date: string, p: Payout) => niceAmount(prices.closeOn(date) * profile.dividendYield * p.share);
  const actions: DemoAction[] = [];
  const [firstYear, lastYear] = [prices.first, prices.last].map((d) => Number(d.slice(0, 4))) as [number, number];
  for (let year = firstYear; year <= lastYear; year++) {
    for (const p of payouts) {
      const cum = tradingDayOnOrBefore(`${year}-${p.monthDay}`);
      if (cum < prices.first || cum > prices.last) continue;
      if (upcomingCum && cum > addDays(upcomingCum, -120)) continue;
      actions.push(dividend(entry.ticker, cum, amountAt(cum, p), `${NOTES[p.kind]} ${year}`, rng));
    }
  }
  if (upcomingCum) {
    const p = payouts[0] as Payout;
    // A year has one final dividend: when that year's final is already paid, the upcoming one is interim.
    const year = upcomingCum.slice(0, 4);
    const finalPaid = actions.some((a) => a.note === `${NOTES.final} ${year}`);
    const note = `${finalPaid ? NOTES.interim : NOTES[p.kind]} ${year}`;
    actions.push(dividend(entry.ticker, upcomingCum, amountAt(prices.last, p), note, rng));
  }
  return actions.sort((a, b) => a.exDate.localeCompare(b.exDate));
}

/** The demo split on its ex date: old:new shares as `DEMO_SPLIT`, recorded the trading day after. */
export function splitAction(exDate: string): DemoAction {
  const { ticker, ratioFrom, ratioTo } = DEMO_SPLIT;
  return {
    ticker,
    type: 'split',
    cumDate: previousTradingDay(exDate),
    exDate,
    recordingDate: nextTradingDay(exDate),
    paymentDate: null,
    amount: null,
    ratioFrom,
    ratioTo,
    note: `Pemecahan nilai nominal saham ${ratioFrom}:${ratioTo}`,
  };
}
