/** The sitemap index: the public pages, every analysis, and every emiten of the market data. */
import type { APIRoute } from 'astro';
import { absoluteUrl } from '../server/site';
import { sitemapIndexXml, xmlResponse } from '../server/services/sitemap';

export const prerender = false;

export const GET: APIRoute = (ctx) =>
  xmlResponse(
    sitemapIndexXml(
      ['/sitemap-pages.xml', '/sitemap-analisis.xml', '/sitemap-emiten.xml'].map((p) => ({ loc: absoluteUrl(ctx, p) })),
    ),
  );
