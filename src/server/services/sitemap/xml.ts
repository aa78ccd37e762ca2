/**
 * Sitemap XML (sitemaps.org protocol 0.9): a `urlset` of pages or a `sitemapindex` of sitemaps. Every
 * value is escaped; `lastmod` is a calendar date (W3C date format).
 */
export interface SitemapEntry {
  /** Absolute URL. */
  loc: string;
  /** YYYY-MM-DD, when known. */
  lastmod?: string | undefined;
}

export const escapeXml = (s: string): string =>
  s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

function entries(tag: 'url' | 'sitemap', list: SitemapEntry[]): string {
  return list
    .map(
      (e) =>
        `<${tag}><loc>${escapeXml(e.loc)}</loc>${e.lastmod ? `<lastmod>${escapeXml(e.lastmod)}</lastmod>` : ''}</${tag}>`,
    )
    .join('\n');
}

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

export function urlsetXml(list: SitemapEntry[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">\n${entries('url', list)}\n</urlset>\n`;
}

export function sitemapIndexXml(list: SitemapEntry[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${NS}">\n${entries('sitemap', list)}\n</sitemapindex>\n`;
}

/** A response carrying sitemap XML, revalidated by ETag when one is given. */
export function xmlResponse(body: string, etag?: string): Response {
  return new Response(body, {
    headers: {
      'content-type': 'application/xml; charset=utf-8',
      'cache-control': 'public, max-age=0, must-revalidate',
      ...(etag ? { etag } : {}),
    },
  });
}
