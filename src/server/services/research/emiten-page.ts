/**
 * What `/analisis/{emitenId}` shows: profile, last close and day change, key figures, dividend history,
 * and the emiten's analyses with their target-price history (also marked on the chart).
 */
import type { ChartTarget } from '../../../lib/island-props';
import type { Db } from '../../db/client';
import { emitenAnalyses, emitenAnalysisHref, upside } from '../../content/analyses';
import { findEmiten, type Emiten } from './market';
import {
  adjustedBars,
  adjustedPrice,
  barAt,
  closeOnOrBefore,
  dividendHistory,
  keyFigures,
  marketHistory,
  type DividendRow,
  type KeyFigures,
} from './emiten-figures';
import type { Tier } from '../../../domain/tiers';
import type { StatusFlags } from '../../../domain/corporate/status';
import { statusFlagsOf } from '../corporate/status';
import { canSeeCall } from '../../../domain/analysis-access';
import { marketValuation, type EmitenAnalysisPage } from './analysis-page';
import { utcDay } from '../../../domain/dates';
import type { Rating } from '../../../domain/analyses';

export interface DividendView extends DividendRow {
  /** Dividend / close on the cum date (or the last close for a dividend still ahead). */
  yieldAtCum: number | null;
  status: 'akan-datang' | 'menunggu-pembayaran' | 'dibayar';
}

export interface EmitenAnalysisItem {
  href: string;
  title: string;
  date: Date;
  rating: Rating;
  targetPrice: number | null;
  /** Upside of the target (restated to today's shares) against the last close. */
  upside: number | null;
  tier: Tier;
}

export interface EmitenPage {
  company: Emiten;
  close: { date: string; close: number; change: number | null } | null;
  figures: KeyFigures | null;
  dividends: DividendView[];
  analyses: EmitenAnalysisItem[];
  chartTargets: ChartTarget[];
  /** IDX status flags (docs/product.md §5.7). */
  status: StatusFlags | null;
  /** PER/PBV bands and a data-seeded DCF when no analysis of the emiten exists (an analysis page has its own). */
  valuation: EmitenAnalysisPage['valuation'];
}

/**
 * The page's data, or null for an unknown ticker. `today` (WIB, YYYY-MM-DD) sorts dividends into paid /
 * ahead; a paid call's target is given only to a viewer of its tier (docs/product.md §10.6).
 */
export async function emitenPage(
  db: Db,
  ticker: string,
  today: string,
  viewerTier: Tier | null,
): Promise<EmitenPage | null> {
  const company = await findEmiten(db, ticker);
  if (!company) return null;
  const [history, all, status] = await Promise.all([
    marketHistory(db, ticker),
    emitenAnalyses(),
    statusFlagsOf(db, ticker),
  ]);
  const bars = adjustedBars(history);
  const last = barAt(bars, -1);
  const prev = barAt(bars, -2);
  const dividends = dividendHistory(history).map((d): DividendView => {
    const ref =
      d.cumDate >= today ? (barAt(history.bars, -1)?.close ?? null) : closeOnOrBefore(history.bars, d.cumDate);
    const status =
      d.cumDate >= today ? 'akan-datang' : d.paymentDate && d.paymentDate > today ? 'menunggu-pembayaran' : 'dibayar';
    return { ...d, yieldAtCum: ref ? d.amount / ref : null, status };
  });
  const own = all.filter((a) => a.data.emiten === ticker);
  const targetOf = (a: (typeof own)[number]) => (canSeeCall(viewerTier, a.data.tier) ? a.data.targetPrice : undefined);
  const analyses = own.map((a): EmitenAnalysisItem => {
    const target = targetOf(a);
    return {
      href: emitenAnalysisHref(a),
      title: a.data.title,
      date: a.data.date,
      rating: a.data.rating,
      targetPrice: target ?? null,
      upside: upside(
        target === undefined ? undefined : adjustedPrice(history, target, utcDay(a.data.date)),
        last?.close,
      ),
      tier: a.data.tier,
    };
  });
  const chartTargets = own
    .filter((a) => targetOf(a) !== undefined)
    .map((a) => ({
      date: utcDay(a.data.date),
      price: adjustedPrice(history, targetOf(a)!, utcDay(a.data.date)),
      rating: a.data.rating,
    }))
    .reverse();
  const figures = keyFigures(history, company.sharesOutstanding);
  return {
    company,
    close: last ? { date: last.date, close: last.close, change: prev ? last.close / prev.close - 1 : null } : null,
    figures,
    valuation: own.length === 0 && figures ? marketValuation(history, figures) : null,
    dividends,
    analyses,
    chartTargets,
    status,
  };
}
