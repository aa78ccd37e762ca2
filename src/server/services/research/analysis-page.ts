/**
 * What an analysis page shows: its header figures, the body this viewer may receive (full or teaser),
 * the valuation island's data (bands, DCF defaults) and related analyses.
 */
import type { Tier } from '../../../domain/tiers';
import { canSeeCall } from '../../../domain/analysis-access';
import type { BandData, ValuationView } from '../../../lib/island-props';
import type { Db } from '../../db/client';
import {
  analysisBody,
  emitenAnalyses,
  emitenAnalysisHref,
  findEmitenAnalysis,
  findNonEmitenAnalysis,
  nonEmitenAnalyses,
  nonEmitenAnalysisHref,
  upside,
  type AnalysisBody,
  type EmitenAnalysis,
  type NonEmitenAnalysis,
} from '../../content/analyses';
import { findEmiten, type Emiten } from './market';
import {
  adjustedPrice,
  barAt,
  keyFigures,
  marketHistory,
  valuationBands,
  type Band,
  type KeyFigures,
  type MarketHistory,
} from './emiten-figures';
import { CATEGORY_LABEL } from '../../../lib/labels';
import { emitenDirectory } from './emiten-directory';
import { utcDay } from '../../../domain/dates';
import { packSeries } from '../../../domain/packed-series';
import type { Rating } from '../../../domain/analyses';

export interface RelatedItem {
  href: string;
  title: string;
  date: Date;
  label: string;
  rating: Rating | null;
  tier: Tier;
}

export interface EmitenAnalysisPage {
  entry: EmitenAnalysis;
  company: Emiten | undefined;
  close: { date: string; close: number } | null;
  upside: number | null;
  /** False when the viewer may not see the call's figures: target, fair value and upside are then withheld. */
  callVisible: boolean;
  body: AnalysisBody;
  valuation: ValuationView | null;
  related: RelatedItem[];
}

/** Assumptions offered when the analyst gave none: EPS TTM as cash flow, moderate growth and rates. */
const FALLBACK_DCF = { growth: 0.05, years: 10, discountRate: 0.12, terminalGrowth: 0.03 } as const;

const toBandData = (b: Band): BandData => ({
  points: packSeries(
    b.points.map((p) => ({ date: p.date, value: Math.round(p.value * 100) / 100 })),
    'value',
  ),
  stats: b.stats,
});

/**
 * The valuation island's data from market data alone (no analyst): PER and PBV bands and a DCF seeded
 * with EPS TTM. What an emiten page without any analysis shows (docs/product.md §10.11).
 */
export function marketValuation(
  history: MarketHistory,
  figures: KeyFigures,
): NonNullable<EmitenAnalysisPage['valuation']> {
  const bands = valuationBands(history);
  const eps = figures.epsTtm;
  return {
    close: figures.close,
    per: toBandData(bands.per),
    pbv: toBandData(bands.pbv),
    dcf: eps !== null && eps > 0 ? { fcfPerShare: Math.round(eps), ...FALLBACK_DCF } : null,
    dcfSource: 'data',
    fairValue: null,
  };
}

export async function emitenAnalysisPage(
  db: Db,
  ticker: string,
  slug: string,
  viewerTier: Tier | null,
): Promise<EmitenAnalysisPage | null> {
  const entry = await findEmitenAnalysis(ticker, slug);
  if (!entry) return null;
  const a = entry.data;
  const [company, history, body, related] = await Promise.all([
    findEmiten(db, ticker),
    marketHistory(db, ticker),
    analysisBody(entry, viewerTier),
    relatedToEmiten(db, entry),
  ]);
  const figures = company ? keyFigures(history, company.sharesOutstanding) : null;
  const last = barAt(history.bars, -1);
  // A paid call's figures and the analyst's DCF inputs stay behind its tier (docs/product.md §10.6).
  const callVisible = canSeeCall(viewerTier, a.tier);
  const target =
    a.targetPrice === undefined || !callVisible ? undefined : adjustedPrice(history, a.targetPrice, utcDay(a.date));
  let valuation: EmitenAnalysisPage['valuation'] = null;
  if (figures) {
    const bands = valuationBands(history);
    const eps = figures.epsTtm;
    const analystDcf = callVisible ? a.dcf : undefined;
    const dcf = analystDcf ?? (eps !== null && eps > 0 ? { fcfPerShare: Math.round(eps), ...FALLBACK_DCF } : null);
    valuation = {
      close: figures.close,
      per: toBandData(bands.per),
      pbv: toBandData(bands.pbv),
      dcf,
      dcfSource: analystDcf ? 'analis' : 'data',
      fairValue: callVisible ? (a.fairValue ?? null) : null,
    };
  }
  return {
    entry,
    company,
    close: last ? { date: last.date, close: last.close } : null,
    upside: upside(target, last?.close),
    callVisible,
    body,
    valuation,
    related,
  };
}

export interface NonEmitenAnalysisPage {
  entry: NonEmitenAnalysis;
  body: AnalysisBody;
  related: RelatedItem[];
}

export async function nonEmitenAnalysisPage(
  id: string,
  viewerTier: Tier | null,
): Promise<NonEmitenAnalysisPage | null> {
  const entry = await findNonEmitenAnalysis(id);
  if (!entry) return null;
  const [body, related] = await Promise.all([analysisBody(entry, viewerTier), relatedToNonEmiten(entry)]);
  return { entry, body, related };
}

const emitenItem = (a: EmitenAnalysis): RelatedItem => ({
  href: emitenAnalysisHref(a),
  title: a.data.title,
  date: a.data.date,
  label: a.data.emiten,
  rating: a.data.rating,
  tier: a.data.tier,
});
const nonEmitenItem = (a: NonEmitenAnalysis): RelatedItem => ({
  href: nonEmitenAnalysisHref(a),
  title: a.data.title,
  date: a.data.date,
  label: CATEGORY_LABEL[a.data.category] ?? a.data.category,
  rating: null,
  tier: a.data.tier,
});

/** Other analyses of the same emiten first, then of its sector, then non-emiten ones; newest first within each. */
async function relatedToEmiten(db: Db, entry: EmitenAnalysis, limit = 4): Promise<RelatedItem[]> {
  const [all, others, directory] = await Promise.all([emitenAnalyses(), nonEmitenAnalyses(), emitenDirectory(db)]);
  const sectorOf = (ticker: string) => directory.byTicker.get(ticker)?.s;
  const rest = all.filter((a) => a.id !== entry.id);
  const sameTicker = rest.filter((a) => a.data.emiten === entry.data.emiten);
  // A ticker the market data does not know has no sector and no sector peers.
  const sector = sectorOf(entry.data.emiten);
  const sameSector = sector
    ? rest.filter((a) => a.data.emiten !== entry.data.emiten && sectorOf(a.data.emiten) === sector)
    : [];
  return [...sameTicker.map(emitenItem), ...sameSector.map(emitenItem), ...others.map(nonEmitenItem)].slice(0, limit);
}

/** Other non-emiten analyses of the same category first, then the newest others. */
async function relatedToNonEmiten(entry: NonEmitenAnalysis, limit = 4): Promise<RelatedItem[]> {
  const others = (await nonEmitenAnalyses()).filter((a) => a.id !== entry.id);
  const same = others.filter((a) => a.data.category === entry.data.category);
  const rest = others.filter((a) => a.data.category !== entry.data.category);
  const emiten = (await emitenAnalyses()).slice(0, limit);
  return [...same.map(nonEmitenItem), ...rest.map(nonEmitenItem), ...emiten.map(emitenItem)].slice(0, limit);
}
