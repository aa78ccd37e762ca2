/**
 * RSS 2.0 feed of the analyses, newest first: title, public summary, link, date and tier (as the
 * item's category). Teasers only: no body text, gated or not, goes into the feed.
 */
import rss from '@astrojs/rss';
import type { APIRoute } from 'astro';
import {
  emitenAnalyses,
  emitenAnalysisHref,
  nonEmitenAnalyses,
  nonEmitenAnalysisHref,
} from '../../server/content/analyses';
import { TIER_LABEL } from '../../lib/labels';
import { escapeXml } from '../../server/services/sitemap';
import { siteOrigin } from '../../server/site';

export const prerender = true;

export const GET: APIRoute = async (ctx) => {
  const items = [
    ...(await emitenAnalyses()).map((a) => ({
      title: `${a.data.emiten}: ${a.data.title}`,
      link: emitenAnalysisHref(a),
      data: a.data,
    })),
    ...(await nonEmitenAnalyses()).map((a) => ({ title: a.data.title, link: nonEmitenAnalysisHref(a), data: a.data })),
  ].sort((x, y) => y.data.date.getTime() - x.data.date.getTime());
  return rss({
    title: 'Telaah — Analisis saham BEI',
    description: 'Analisis emiten dan non-emiten terbaru dari Telaah (ringkasan).',
    site: siteOrigin(ctx),
    trailingSlash: false,
    customData: '<language>id</language>',
    xmlns: { dc: 'http://purl.org/dc/elements/1.1/' },
    items: items.map(({ title, link, data }) => ({
      title,
      link,
      description: data.summary,
      pubDate: data.date,
      customData: `<dc:creator>${escapeXml(data.author)}</dc:creator>`,
      categories: [`Paket ${TIER_LABEL[data.tier]}`],
    })),
  });
};
