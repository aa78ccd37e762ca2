/**
 * The character of each demo ticker (volatility, drift, valuation, dividend habit) and the shared
 * market and sector shocks that correlate the series. All drawn from named seeded streams.
 */
import type { UniverseEntry } from './universe';
import { rngFor } from './rng';

/** Tickers whose demo fundamentals show losses. */
export const LOSS_MAKERS: ReadonlySet<string> = new Set(['GOTO']);
/** Tickers that pay no dividend in the demo period. */
const NON_PAYERS: ReadonlySet<string> = new Set(['GOTO', 'EMTK', 'MDKA', 'AMMN']);
/** Tickers that pay an interim dividend (around November) besides the final one (around May). */
export const INTERIM_PAYERS: ReadonlySet<string> = new Set(
  'BBCA BBRI BMRI TLKM ASII UNTR UNVR HMSP ADRO PTBA ITMG INDF ICBP'.split(' '),
);
/** Tickers held in the demo portfolios that get a dividend with a cum date after the demo "today". */
export const UPCOMING_DIVIDEND_TICKERS: readonly string[] = ['BBCA', 'BBRI', 'TLKM', 'ASII', 'PTBA'];
/** The one stock split of the demo period: old:new shares, ex date in the middle of the window. */
export const DEMO_SPLIT = { ticker: 'BBNI', ratioFrom: 1, ratioTo: 2 } as const;

export interface TickerProfile {
  /** Sensitivity to the market shock. */
  beta: number;
  /** Daily idiosyncratic volatility (log-return deviation). */
  vol: number;
  /** Log offset from basePrice at the first and last day of the window. */
  startOffset: number;
  endOffset: number;
  /** Average daily volume as a fraction of shares outstanding. */
  turnover: number;
  /** Target price/earnings (annualised) and price/book ratios; PER is unused for loss-makers. */
  per: number;
  pbv: number;
  /** Net income / revenue; negative for loss-makers. */
  margin: number;
  /** Annual cash dividend yield; 0 for non-payers. */
  dividendYield: number;
}

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/** Shared drift of a sector over the window (log return), in [-0.2, 0.2]. */
function sectorDrift(sector: string): number {
  return rngFor(`sector-drift:${sector}`).between(-0.2, 0.2);
}

function endOffset(entry: UniverseEntry, own: number): number {
  const anchor = DEMO_LAST_CLOSE[entry.ticker];
  return anchor ? Math.log(anchor / entry.basePrice) : clamp(sectorDrift(entry.sector) + own, -0.33, 0.33);
}

function yieldRange(entry: UniverseEntry): [number, number] {
  if (entry.sector === 'Energi') return [0.05, 0.08];
  if (entry.subSector === 'Bank') return [0.025, 0.06];
  return [0.01, 0.045];
}

/**
 * Where some demo series end (last close, Rupiah) so that the demo analyses' current calls make sense
 * against them: a Beli call's target above the price. Others end wherever their random profile leads.
 */
const DEMO_LAST_CLOSE: Readonly<Record<string, number>> = { BBCA: 9_650, BBRI: 4_480, ICBP: 11_900 };

/** The profile of one ticker; the same entry always gets the same profile. */
export function tickerProfile(entry: UniverseEntry): TickerProfile {
  const r = rngFor(`${entry.ticker}:profile`);
  const loss = LOSS_MAKERS.has(entry.ticker);
  const per = r.between(8, 20);
  const roe = r.between(0.07, 0.24);
  const [yLo, yHi] = yieldRange(entry);
  const dividendYield = r.between(yLo, yHi);
  return {
    beta: r.between(0.6, 1.4),
    vol: loss ? 0.03 : r.between(0.008, 0.017),
    startOffset: r.between(-0.2, 0.2),
    endOffset: endOffset(entry, r.between(-0.12, 0.12)),
    turnover: loss ? 0.002 : r.between(0.0004, 0.0018),
    per,
    pbv: loss ? r.between(1, 2) : clamp(per * roe, 0.7, 5),
    margin: loss ? -r.between(0.1, 0.4) : r.between(0.06, 0.35),
    dividendYield: NON_PAYERS.has(entry.ticker) ? 0 : dividendYield,
  };
}

/** Daily log-return shocks shared by every ticker (market) and by each sector; index 0 is zero. */
export interface Factors {
  market: number[];
  sector: ReadonlyMap<string, number[]>;
}

/** Shocks for `n` trading days and the given sectors. */
export function marketFactors(n: number, sectors: readonly string[]): Factors {
  const draw = (name: string, sd: number) => {
    const r = rngFor(name);
    return Array.from({ length: n }, (_, i) => (i === 0 ? 0 : sd * r.normal()));
  };
  return {
    market: draw('market', 0.008),
    sector: new Map(sectors.map((s) => [s, draw(`sector:${s}`, 0.006)])),
  };
}

/**
 * Turns daily log returns into a log path pinned to `start` on the first day and `end` on the last
 * (a random-walk bridge), so the series wander but land where the profile says.
 */
export function bridge(returns: readonly number[], start: number, end: number): number[] {
  const n = returns.length;
  const walk: number[] = [];
  let sum = 0;
  for (const r of returns) walk.push((sum += r));
  const last = walk[n - 1] ?? 0;
  return walk.map((w, i) => {
    const f = n > 1 ? i / (n - 1) : 1;
    return start + w - f * last + f * (end - start);
  });
}

/**
 * Fundamentals of the tickers the demo analyses write about, copied from the analyses' indicator tables
 * (`content/analisis/{kode}/*.mdx`: actual years, then the latest forecast for years not yet reported),
 * so that the emiten page's PER, PBV and ROE tell the same story as the analyses. EPS in Rupiah per year,
 * ROE as a fraction; a year missing from `roe` keeps the ticker's PBV-based book value.
 * calls-coherent.test.ts checks every analysis' actual years against the generated fundamentals.
 */
export const ANALYSED_FUNDAMENTALS: Readonly<
  Record<string, { eps: Readonly<Record<number, number>>; roe?: Readonly<Record<number, number>> }>
> = {
  AMRT: { eps: { 2024: 77, 2025: 82, 2026: 92 } },
  ANTM: { eps: { 2024: 152, 2025: 171, 2026: 191 } },
  ASII: { eps: { 2024: 842, 2025: 805, 2026: 825 }, roe: { 2024: 0.162, 2025: 0.146, 2026: 0.143 } },
  BBCA: {
    eps: { 2023: 394, 2024: 445, 2025: 470, 2026: 497 },
    roe: { 2023: 0.221, 2024: 0.246, 2025: 0.238, 2026: 0.232 },
  },
  BBRI: {
    eps: { 2023: 399, 2024: 400, 2025: 364, 2026: 399 },
    roe: { 2023: 0.199, 2024: 0.191, 2025: 0.169, 2026: 0.18 },
  },
  ICBP: { eps: { 2024: 617, 2025: 677, 2026: 755 } },
  PTBA: { eps: { 2024: 443, 2025: 339, 2026: 286 } },
  TLKM: { eps: { 2023: 248, 2024: 238, 2025: 230, 2026: 245 } },
  UNVR: { eps: { 2024: 89, 2025: 79, 2026: 73 } },
};
