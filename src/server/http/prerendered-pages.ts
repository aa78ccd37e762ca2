/**
 * The build's pre-rendered pages served from memory (docs/decisions/0030-prerendered-pages-in-memory.md).
 *
 * At start every `index.html` under `dist/client` with its own Content-Security-Policy (Astro's
 * `_headers.json`) is read once with the build's brotli and gzip copies, and each variant's status line
 * headers are put together once: the security headers, the page's CSP (narrowed to the page's own inline
 * code, `./page-policy`), `Cache-Control`, a weak ETag of
 * the page's bytes (the same on every server running the same build), `Vary: Accept-Encoding`, the type,
 * length and encoding. A request for the page's exact path is then answered with one `writeHead` and one
 * `end`, before anything else the server does: 200 with the variant the client accepts, 304 when its
 * If-None-Match names the page's ETag, and HEAD as GET without the body (Node drops the body of a response
 * to a HEAD).
 *
 * Nothing here depends on who asks: a pre-rendered page is the same for everyone (what is personal on it
 * comes from islands and server islands, which are requests of their own).
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { ownPolicy } from './page-policy';
import { securityHeaders } from './security-headers';
import { pickEncoding } from './static-compressed';

/** What the adapter's static handler said of these pages; browsers revalidate, and get a 304. */
const PRERENDERED_CACHE_CONTROL = 'public, max-age=0';

/** Headers as `writeHead` takes them flat: name, value, name, value… */
type FlatHeaders = string[];

interface Variant {
  body: Buffer;
  head: FlatHeaders;
}

export interface PrerenderedPage {
  etag: string;
  /** The page's Content-Security-Policy, narrowed to its own inline code (`./page-policy`). */
  policy: string;
  identity: Variant;
  br: Variant | null;
  gzip: Variant | null;
  notModified: FlatHeaders;
}

/** The URL path a file under the client folder is served at: `courses/index.html` at `/courses`. */
function urlPathOf(relativeDir: string): string {
  return relativeDir === '' ? '/' : '/' + relativeDir.split(path.sep).map(encodeURIComponent).join('/');
}

function flat(headers: Record<string, string>): FlatHeaders {
  return Object.entries(headers).flat();
}

/** A page's variants and headers, put together once. */
function preparePage(html: Buffer, copies: { br?: Buffer; gzip?: Buffer }, csp: string, production: boolean) {
  const etag = `W/"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;
  const common = {
    ...securityHeaders(production),
    'content-security-policy': csp,
    'cache-control': PRERENDERED_CACHE_CONTROL,
    etag,
    vary: 'Accept-Encoding',
  };
  const variant = (body: Buffer, encoding?: string): Variant => ({
    body,
    head: flat({
      ...common,
      'content-type': 'text/html; charset=utf-8',
      ...(encoding ? { 'content-encoding': encoding } : {}),
      'content-length': String(body.byteLength),
    }),
  });
  return {
    etag,
    policy: csp,
    identity: variant(html),
    br: copies.br ? variant(copies.br, 'br') : null,
    gzip: copies.gzip ? variant(copies.gzip, 'gzip') : null,
    notModified: flat(common),
  } satisfies PrerenderedPage;
}

/**
 * Every pre-rendered page of `clientDir` that has a policy in `csp` (pathname → policy), by its exact
 * URL path, each with that policy narrowed to its own inline code. A page without one is left to the
 * slower path, which gives it the fallback policy.
 */
export function loadPrerenderedPages(
  clientDir: string,
  csp: Map<string, string>,
  production: boolean,
): Map<string, PrerenderedPage> {
  const pages = new Map<string, PrerenderedPage>();
  if (!existsSync(clientDir)) return pages;
  const walk = (relativeDir: string) => {
    const dir = path.join(clientDir, relativeDir);
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      // `_astro/` holds the bundles, never a page.
      if (entry.isDirectory() && !(relativeDir === '' && entry.name.startsWith('_')))
        walk(path.join(relativeDir, entry.name));
    }
    const file = path.join(dir, 'index.html');
    const urlPath = urlPathOf(relativeDir);
    const policy = csp.get(decodeURIComponentSafe(urlPath));
    if (!existsSync(file) || !policy) return;
    const copy = (ext: string) => (existsSync(file + ext) ? readFileSync(file + ext) : undefined);
    const html = readFileSync(file);
    const own = ownPolicy(policy, html.toString('utf8'));
    pages.set(urlPath, preparePage(html, { br: copy('.br'), gzip: copy('.gz') }, own, production));
  };
  walk('');
  return pages;
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** If-None-Match (weak comparison, RFC 9110 §13.1.2): `*`, or a list naming the ETag with or without `W/`. */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch === etag) return true;
  const opaque = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag.replace(/^W\//, '') === opaque;
  });
}

/** The page for a GET or HEAD of exactly its path (any query string), or undefined. */
export function prerenderedPageFor(
  pages: Map<string, PrerenderedPage>,
  req: IncomingMessage,
): PrerenderedPage | undefined {
  if (req.method !== 'GET' && req.method !== 'HEAD') return undefined;
  const url = req.url ?? '/';
  const query = url.indexOf('?');
  return pages.get(query < 0 ? url : url.slice(0, query));
}

/**
 * Answers the request with `page`: a 304, or the variant the client accepts. Headers already set on `res`
 * (a stopping server's `Connection: close`) are kept.
 */
export function servePrerendered(req: IncomingMessage, res: ServerResponse, page: PrerenderedPage): void {
  if (matchesEtag(req.headers['if-none-match'], page.etag)) {
    res.writeHead(304, page.notModified);
    res.end();
    return;
  }
  const encoding = pickEncoding(req.headers['accept-encoding']);
  const variant = (encoding && page[encoding]) || page.identity;
  res.writeHead(200, variant.head);
  res.end(variant.body);
}
