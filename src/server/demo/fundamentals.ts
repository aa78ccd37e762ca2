/**
 * Demo quarterly fundamentals, anchored on the generated prices so valuations stay plausible:
 * earnings follow the ticker's target PER and book value its target PBV, with a little noise.
 */
import type { UniverseEntry } from './universe';
import type { fundamentals } from '../db/schema';
import { addDays } from '../../domain/dates';
import type { PriceLookup } from './actions';
import { ANALYSED_FUNDAMENTALS, type TickerProfile } from './profile';
import { rngFor } from './rng';

export type DemoFundamental = typeof fundamentals.$inferInsert;

/** Days after a quarter's end before its report counts as published. */
const REPORTING_LAG_DAYS = 45;

const QUARTER_ENDS = ['03-31', '06-30', '09-30', '12-31'] as const;

/** The last `count` quarter ends whose reports are out by `today` (ascending). */
export function quarterEnds(today: string, count: number): string[] {
  const cutoff = addDays(today, -REPORTING_LAG_DAYS);
  const ends: string[] = [];
  for (let year = Number(cutoff.slice(0, 4)); ends.length < count; year--) {
    for (const md of [...QUARTER_ENDS].reverse()) {
      const end = `${year}-${md}`;
      if (end <= cutoff && ends.length < count) ends.push(end);
    }
  }
  return ends.reverse();
}

/**
 * One row per period end. Flows are for the quarter alone; EPS = net income / shares and BVPS =
 * equity / shares, using the shares outstanding at the period end (`sharesOn`), as reported then.
 */
export function fundamentalsFor(
  entry: UniverseEntry,
  profile: TickerProfile,
  periodEnds: readonly string[],
  prices: PriceLookup,
  sharesOn: (date: string) => number,
): DemoFundamental[] {
  const rng = rngFor(`${entry.ticker}:fundamentals`);
  const anchor = ANALYSED_FUNDAMENTALS[entry.ticker];
  /** The anchor's value for `year`, else that of the nearest year it has. */
  const nearest = (byYear: Readonly<Record<number, number>>, year: number) => {
    const years = Object.keys(byYear).map(Number);
    const best = years.reduce((a, b) => (Math.abs(b - year) < Math.abs(a - year) ? b : a));
    return byYear[best]!;
  };
  return periodEnds.map((periodEnd) => {
    const price = prices.closeOn(periodEnd);
    const shares = sharesOn(periodEnd);
    const year = Number(periodEnd.slice(0, 4));
    if (anchor) {
      // What the analyses report: a quarter earns a quarter of the year's EPS; book value gives their ROE.
      const annualEps = nearest(anchor.eps, year);
      const netIncome = Math.round((annualEps / 4) * shares);
      const revenue = Math.round(Math.abs(netIncome / profile.margin) * rng.between(0.95, 1.05));
      const roe = anchor.roe?.[year];
      const equity = Math.round(
        roe ? (annualEps * shares) / roe : (price / (profile.pbv * rng.between(0.93, 1.07))) * shares,
      );
      return row(periodEnd, shares, revenue, netIncome, equity);
    }
    // Draws in this order for every other ticker, so their demo data stays as it was.
    const annualEps = profile.margin < 0 ? price / 25 : price / (profile.per * rng.between(0.9, 1.1));
    const netIncome = Math.round(Math.sign(profile.margin) * (annualEps / 4) * shares * rng.between(0.85, 1.15));
    const revenue = Math.round(Math.abs(netIncome / profile.margin) * rng.between(0.95, 1.05));
    const equity = Math.round((price / (profile.pbv * rng.between(0.93, 1.07))) * shares);
    return row(periodEnd, shares, revenue, netIncome, equity);
  });
  function row(periodEnd: string, shares: number, revenue: number, netIncome: number, equity: number) {
    return {
      ticker: entry.ticker,
      periodEnd,
      revenue,
      netIncome,
      equity,
      eps: (netIncome / shares).toFixed(4),
      bvps: (equity / shares).toFixed(4),
    };
  }
}
