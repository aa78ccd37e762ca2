/**
 * The newest emiten analysis per code with its call (rating, target price, fair value, tier), for the
 * watchlist, the screener and the comparison. Whether a viewer may see the numbers is decided by the
 * caller through `canReadAnalysis` (docs/decisions/0008): the tier travels with the call.
 */
import type { Tier } from '../../domain/tiers';
import { emitenAnalyses, emitenAnalysisHref } from './analyses';
import { utcDay } from '../../domain/dates';
import type { Rating } from '../../domain/analyses';

export interface LatestCall {
  ticker: string;
  title: string;
  href: string;
  date: string;
  tier: Tier;
  rating: Rating;
  targetPrice: number | null;
  fairValue: number | null;
}

/** The newest analysis of each code that has one. */
export async function latestCalls(): Promise<Map<string, LatestCall>> {
  const out = new Map<string, LatestCall>();
  for (const a of await emitenAnalyses()) {
    if (out.has(a.data.emiten)) continue; // newest first
    out.set(a.data.emiten, {
      ticker: a.data.emiten,
      title: a.data.title,
      href: emitenAnalysisHref(a),
      date: utcDay(a.data.date),
      tier: a.data.tier,
      rating: a.data.rating,
      targetPrice: a.data.targetPrice ?? null,
      fairValue: a.data.fairValue ?? null,
    });
  }
  return out;
}
