/**
 * Matching the current analyst calls to a member's risk profile and holdings (docs/product.md §3,
 * /starting-guide/rekomendasi-saya). Pure: the service gathers calls, stock statistics and holdings;
 * the page prints `RISK_CLASS_RULES` and `PROFILE_RULES` as the documented matching rules.
 */
import type { RiskProfile } from './risk-profile';
import type { Tier } from './tiers';
import { addMonthsToDay } from './dates';
import type { Rating } from './analyses';

export const RISK_CLASSES = ['rendah', 'sedang', 'tinggi'] as const;
export type RiskClass = (typeof RISK_CLASSES)[number];

/** Sectors whose earnings follow commodity prices: never in the lowest risk class. */
export const CYCLICAL_SECTORS: ReadonlySet<string> = new Set(['Energi', 'Barang Baku']);

/** Thresholds of the stock risk classes. Market cap in Rupiah; volatility as an annualised ratio. */
export const RISK_CLASS_RULES = {
  rendah: { minMarketCap: 100_000_000_000_000, maxVolatility: 0.25 },
  sedang: { minMarketCap: 10_000_000_000_000, maxVolatility: 0.4 },
} as const;

/** Which stock classes fit each profile, and the largest weight one stock should have in the portfolio. */
export const PROFILE_RULES: Record<RiskProfile, { classes: readonly RiskClass[]; maxWeight: number }> = {
  konservatif: { classes: ['rendah'], maxWeight: 0.1 },
  moderat: { classes: ['rendah', 'sedang'], maxWeight: 0.15 },
  agresif: { classes: ['rendah', 'sedang', 'tinggi'], maxWeight: 0.2 },
};

/** What the data says about one stock; null where the data is missing. */
export interface StockStats {
  ticker: string;
  sector: string | null;
  board: string | null;
  /** Last close × shares outstanding, Rupiah. */
  marketCap: number | null;
  /** Annualised standard deviation of daily returns over the last year. */
  volatility: number | null;
  /** Net income over the last four reported quarters is above zero. */
  profitable: boolean | null;
}

/** The risk class of a stock with the reasons that kept it out of a lower class (Indonesian, for the page). */
export function riskClass(s: StockStats): { riskClass: RiskClass; reasons: string[] } {
  const reasons: string[] = [];
  const fits = (rule: { minMarketCap: number; maxVolatility: number }, label: string) => {
    const why: string[] = [];
    if (s.board !== 'Utama' && label === 'rendah') why.push('bukan papan Utama');
    if (s.board === 'Pemantauan Khusus') why.push('papan Pemantauan Khusus');
    if (s.marketCap === null) why.push('kapitalisasi pasar tidak diketahui');
    else if (s.marketCap < rule.minMarketCap)
      why.push(`kapitalisasi pasar di bawah Rp ${rule.minMarketCap / 1e12} triliun`);
    if (s.volatility === null) why.push('riwayat harga kurang dari 3 bulan');
    else if (s.volatility > rule.maxVolatility)
      why.push(`volatilitas di atas ${Math.round(rule.maxVolatility * 100)} %`);
    if (s.profitable !== true)
      why.push(s.profitable === false ? 'rugi dalam 4 kuartal terakhir' : 'data laba belum ada');
    if (label === 'rendah' && s.sector !== null && CYCLICAL_SECTORS.has(s.sector))
      why.push(`sektor ${s.sector} (siklikal)`);
    return why;
  };
  const notLow = fits(RISK_CLASS_RULES.rendah, 'rendah');
  if (notLow.length === 0) return { riskClass: 'rendah', reasons };
  const notMid = fits(RISK_CLASS_RULES.sedang, 'sedang');
  if (notMid.length === 0) return { riskClass: 'sedang', reasons: notLow };
  return { riskClass: 'tinggi', reasons: notMid };
}

/** The latest analysis of one ticker: its current call. */
export interface Call {
  ticker: string;
  companyName: string;
  rating: Rating;
  targetPrice: number | null;
  /** `YYYY-MM-DD` of the analysis. */
  date: string;
  /** Months the call is meant for. */
  horizon: number;
  tier: Tier;
  title: string;
  href: string;
  lastClose: number | null;
}

/** One line of the member's holdings, combined over their portfolios. */
export interface HeldPosition {
  ticker: string;
  shares: number;
  marketValue: number;
  /** Share of the member's total market value, 0–1. */
  weight: number;
}

export interface RecommendationRow {
  call: Call;
  upside: number | null;
  riskClass: RiskClass;
  /** Why it is not in a lower class (shown with the class). */
  reasons: string[];
  held: HeldPosition | null;
  /** The member already holds more than the profile's weight limit. */
  overweight: boolean;
}

export interface SkippedCall {
  call: Call;
  upside: number | null;
  riskClass: RiskClass;
  why: string;
}

export interface Recommendation {
  profile: RiskProfile;
  /** Beli calls that fit the profile, highest upside first. */
  fits: RecommendationRow[];
  /** Current Beli calls left out, with the reason (class too risky, past target, expired). */
  skipped: SkippedCall[];
  /** Holdings whose current call is Jual. */
  sellWarnings: { call: Call; held: HeldPosition }[];
}

/** Target ÷ last close − 1; null without both. */
function upsideOf(call: Call): number | null {
  if (!call.targetPrice || !call.lastClose) return null;
  return call.targetPrice / call.lastClose - 1;
}

/** The day a call's horizon ends (`YYYY-MM-DD`). */
export function callExpiry(call: Call): string {
  return addMonthsToDay(call.date, call.horizon);
}

/**
 * Current calls (one per ticker: the latest analysis) matched to a profile. A Beli call fits when its
 * stock's risk class is allowed for the profile, its target is above the last close, and its horizon
 * has not run out by `today` (`YYYY-MM-DD`). Fits are sorted by upside, highest first, ties by ticker.
 */
export function recommend(input: {
  profile: RiskProfile;
  calls: readonly Call[];
  stats: ReadonlyMap<string, StockStats>;
  holdings: readonly HeldPosition[];
  today: string;
}): Recommendation {
  const rule = PROFILE_RULES[input.profile];
  const held = new Map(input.holdings.filter((h) => h.shares > 0).map((h) => [h.ticker, h]));
  const fits: RecommendationRow[] = [];
  const skipped: SkippedCall[] = [];
  const sellWarnings: Recommendation['sellWarnings'] = [];
  for (const call of input.calls) {
    const position = held.get(call.ticker) ?? null;
    if (call.rating === 'jual' && position) sellWarnings.push({ call, held: position });
    if (call.rating !== 'beli') continue;
    const stats = input.stats.get(call.ticker) ?? unknownStats(call.ticker);
    const { riskClass: cls, reasons } = riskClass(stats);
    const upside = upsideOf(call);
    const why = !rule.classes.includes(cls)
      ? `risiko ${cls} tidak sesuai profil`
      : callExpiry(call) < input.today
        ? 'horizon rekomendasi sudah lewat'
        : upside === null
          ? 'harga penutupan belum ada'
          : upside <= 0
            ? 'harga sudah mencapai target'
            : null;
    if (why) skipped.push({ call, upside, riskClass: cls, why });
    else
      fits.push({
        call,
        upside,
        riskClass: cls,
        reasons,
        held: position,
        overweight: position !== null && position.weight > rule.maxWeight,
      });
  }
  fits.sort((a, b) => b.upside! - a.upside! || a.call.ticker.localeCompare(b.call.ticker));
  skipped.sort((a, b) => a.call.ticker.localeCompare(b.call.ticker));
  sellWarnings.sort((a, b) => b.held.weight - a.held.weight);
  return { profile: input.profile, fits, skipped, sellWarnings };
}

function unknownStats(ticker: string): StockStats {
  return { ticker, sector: null, board: null, marketCap: null, volatility: null, profitable: null };
}

/** The latest analysis per ticker, from analyses in any order. */
export function currentCalls<T extends { ticker: string; date: string }>(analyses: readonly T[]): T[] {
  const latest = new Map<string, T>();
  for (const a of analyses) {
    const prev = latest.get(a.ticker);
    if (!prev || a.date > prev.date) latest.set(a.ticker, a);
  }
  return [...latest.values()].sort((a, b) => a.ticker.localeCompare(b.ticker));
}
