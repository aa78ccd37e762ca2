/**
 * What the sharing card of an analysis says, from its frontmatter only (ticker, title, rating, target
 * price, tier): the body, gated or not, never reaches a card.
 */
import type { CardInput } from './card';
import type { EmitenAnalysis, NonEmitenAnalysis } from '../content/analyses';
import { RATING_LABEL } from '../../lib/labels';
import { TIER_LABEL } from '../../lib/labels';
import { formatRupiah } from '../../lib/format';
import { canSeeCall } from '../../domain/analysis-access';

export function emitenAnalysisCard(a: EmitenAnalysis['data']): CardInput {
  return {
    kicker: a.emiten,
    title: a.title,
    facts: [
      { label: 'Rating', value: RATING_LABEL[a.rating] },
      // A card is public: a paid call's target stays behind its tier (docs/product.md §10.6).
      ...(a.targetPrice && canSeeCall(null, a.tier)
        ? [{ label: 'Target harga', value: formatRupiah(a.targetPrice) }]
        : []),
      { label: 'Paket', value: TIER_LABEL[a.tier] },
    ],
  };
}

export function nonEmitenAnalysisCard(a: NonEmitenAnalysis['data']): CardInput {
  return { kicker: 'Analisis non-emiten', title: a.title, facts: [{ label: 'Paket', value: TIER_LABEL[a.tier] }] };
}

/** The card of every page without one of its own. */
export const SITE_CARD: CardInput = {
  kicker: 'Riset saham BEI',
  title: 'Analisis emiten, kursus investasi, dan pelacak portofolio',
};

/** Card image URLs (paths): one per analysis, one for the site. */
export const SITE_CARD_PATH = '/og/telaah.png';
export const emitenCardPath = (ticker: string, slug: string) => `/og/analisis/${ticker}/${slug}.png`;
export const nonEmitenCardPath = (id: string) => `/og/analisis/non-emiten/${id}.png`;
