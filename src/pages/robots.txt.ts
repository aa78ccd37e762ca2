/** robots.txt: member areas are off limits; the sitemap index is named with the site's public URL. */
import type { APIRoute } from 'astro';
import { absoluteUrl } from '../server/site';

export const prerender = false;

export const GET: APIRoute = (ctx) =>
  new Response(
    [
      'User-agent: *',
      'Disallow: /portofolio/',
      'Disallow: /settings/',
      'Disallow: /telegram',
      'Disallow: /mulai',
      'Disallow: /impersonate',
      'Disallow: /api/',
      'Allow: /',
      '',
      `Sitemap: ${absoluteUrl(ctx, '/sitemap-index.xml')}`,
      '',
    ].join('\n'),
    { headers: { 'content-type': 'text/plain; charset=utf-8' } },
  );
