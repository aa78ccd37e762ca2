/**
 * Who reads an analysis in full (docs/product.md §1, §3): signed-in members whose tier reaches the analysis' tier.
 * Visitors who are not signed in read teasers only, whatever the tier.
 */
import { tierAtLeast, type Tier } from './tiers';

export function canReadAnalysis(viewerTier: Tier | null, analysisTier: Tier): boolean {
  return viewerTier !== null && tierAtLeast(viewerTier, analysisTier);
}

/**
 * Who sees an analysis' call figures (target price, fair value, upside, the analyst's DCF inputs):
 * everyone for a free analysis, else only those who may read it in full (docs/product.md §10.6). The
 * rating, title, summary and the section titles stay public: they say what the analysis is about
 * without giving away what it concludes in numbers.
 */
export function canSeeCall(viewerTier: Tier | null, analysisTier: Tier): boolean {
  return analysisTier === 'gratis' || canReadAnalysis(viewerTier, analysisTier);
}
