/** Every emiten page of the market data, read at request time; revalidated by the market data version. */
import type { APIRoute } from 'astro';
import { getDb } from '../server/db/client';
import { absoluteUrl } from '../server/site';
import { emitenLastmods, emitenSitemapEtag } from '../server/services/sitemap';
import { urlsetXml, xmlResponse } from '../server/services/sitemap';

export const prerender = false;

export const GET: APIRoute = async (ctx) => {
  const db = await getDb();
  const etag = await emitenSitemapEtag(db);
  if (ctx.request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers: { etag } });
  const rows = await emitenLastmods(db);
  return xmlResponse(
    urlsetXml(rows.map((r) => ({ loc: absoluteUrl(ctx, `/analisis/${r.ticker}`), lastmod: r.lastmod ?? undefined }))),
    etag,
  );
};
