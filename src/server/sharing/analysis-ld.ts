/** The Article JSON-LD of an analysis page: teaser fields only (title, summary, author, date, tier). */
import type { Tier } from '../../domain/tiers';
import { absoluteUrl, siteOrigin, type SiteContext } from '../site';
import { articleLd } from './json-ld';

export interface AnalysisTeaserFields {
  title: string;
  summary: string;
  author: string;
  date: Date;
  tier: Tier;
}

/** `card` is the analysis' sharing card path. */
export function analysisArticleLd(ctx: SiteContext, a: AnalysisTeaserFields, card: string) {
  return articleLd({
    headline: a.title,
    description: a.summary,
    author: a.author,
    date: a.date,
    url: absoluteUrl(ctx, ctx.url.pathname),
    image: absoluteUrl(ctx, card),
    origin: siteOrigin(ctx),
    free: a.tier === 'gratis',
  });
}
