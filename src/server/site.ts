/**
 * The public origin of the site, for canonical URLs, sharing cards, the sitemap and the feed. Pages
 * rendered on request use APP_URL (else the request's origin); pre-rendered pages use the origin the
 * build was made for (`site`, which astro.config.mjs takes from APP_URL at build time).
 */
import { config } from './config';

export interface SiteContext {
  isPrerendered: boolean;
  site?: URL | undefined;
  url: URL;
}

export function siteOrigin(ctx: SiteContext): string {
  const origin = ctx.isPrerendered ? ctx.site?.origin : config().APP_URL;
  return (origin ?? ctx.url.origin).replace(/\/$/, '');
}

/** An absolute URL on the site for `path` (which starts with `/`). */
export function absoluteUrl(ctx: SiteContext, path: string): string {
  return new URL(path, `${siteOrigin(ctx)}/`).href;
}
