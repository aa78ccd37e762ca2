/**
 * The public origin of the site, for canonical URLs, sharing cards, the sitemap and the feed. Pages
 * rendered on request use APP_URL (else the request's origin); pre-rendered pages use the origin the
 * build was made for (`site`, which astro.config.mjs takes from APP_URL at build time).
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
  const origin = ctx.isPrerendered ? ctx.site?.origin : config().APP_URL;
  return (origin ?? ctx.url.origin).replace(/\/$/, '');
}

/** An absolute URL on the site for `path` (which starts with `/`). */
export function absoluteUrl(ctx: SiteContext, path: string): string {
  return new URL(path, `${siteOrigin(ctx)}/`).href;
}
