/**
 * The public origin of the site, for canonical URLs, sharing cards, the sitemap, the feed and the links in
 * mails. Pages rendered on request use APP_URL, else the address the server listens on — never the
 * request's Host, which any client sets: an anonymous research page is rendered once and kept for everyone
 * (`./http-cache`), and a mailed link must not name a host the requester chose. Production requires
 * APP_URL when the server listens beyond this machine (`assertProductionReady`). Pre-rendered pages use the
 * origin the build was made for (`site`, which astro.config.mjs takes from APP_URL at build time).
 */
import { config, type Config } from './config';

export interface SiteContext {
  isPrerendered: boolean;
  site?: URL | undefined;
  url: URL;
}

/**
 * The public origin when there is no request to take it from (mails sent by jobs, Telegram links,
 * scripts): APP_URL, else the address the server listens on.
 */
export function configuredOrigin(c: Config = config()): string {
  return (c.APP_URL ?? `http://${c.HOST}:${c.PORT}`).replace(/\/$/, '');
}

/** The public origin for a page or endpoint: see the top of this file. */
export function siteOrigin(ctx: SiteContext): string {
  if (ctx.isPrerendered && ctx.site) return ctx.site.origin;
  return configuredOrigin();
}

/** An absolute URL on the site for `path` (which starts with `/`). */
export function absoluteUrl(ctx: SiteContext, path: string): string {
  return new URL(path, `${siteOrigin(ctx)}/`).href;
}
