/**
 * Who reads an analysis in full (docs/product.md §1, §3): signed-in members whose tier reaches the analysis' tier.
 * Visitors who are not signed in read teasers only, whatever the tier.
 */
import { tierAtLeast, type Tier } from './tiers';

export function canReadAnalysis(viewerTier: Tier | null, analysisTier: Tier): boolean {
  return viewerTier !== null && tierAtLeast(viewerTier, analysisTier);
}
