/**
 * HTTP caching of what is rendered on demand (docs/decisions/0016-serving.md). Which routes are public,
 * kept for anonymous visitors or cache themselves is the route policy's (`cache` in `routes.ts`).
 *
 * - Public: a GET of a public research route (`/analisis`, `/analisis/{T}`, the price API) by an
 *   anonymous visitor (no session cookie) is the same for every anonymous visitor and holds no gated
 *   text. It gets `Cache-Control: public, max-age=0, stale-while-revalidate=60`, `Vary: Cookie`, a weak
 *   ETag of its body, and a 304 when the request's If-None-Match matches.
 * - Everything else rendered on demand — member pages, analysis pages (tier-gated), any response to a
 *   signed-in viewer, anything setting a cookie — gets `Cache-Control: private, no-store`, whatever the
 *   page set.
 * - In memory: anonymous GETs of research pages (analysis teasers included, which are the same for every
 *   anonymous visitor) are rendered once per market-data version, WIB day and URL, and served from memory
 *   until the version changes, with their policy narrowed to their own inline code (`./page-policy`).
 *   Nothing rendered for a signed-in viewer is ever kept.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { APIContext } from 'astro';
import { LRUCache } from 'lru-cache';
import { wibDate } from '../../domain/dates';
import { now } from '../clock';
import { getDb, openProcessDatabase } from '../db/client';
import { currentMarketVersion, marketVersionInMemory } from '../services/market';
import { ownPolicy } from './page-policy';
import { pickEncoding } from './static-compressed';
import { routeOf } from './routes';

export const PUBLIC_CACHE_CONTROL = 'public, max-age=0, stale-while-revalidate=60';
export const PRIVATE_CACHE_CONTROL = 'private, no-store';

const SESSION_COOKIE = /authjs\.session-token/;

interface Rendered {
  status: number;
  headers: [string, string][];
  body: Uint8Array<ArrayBuffer>;
  etag: string;
  /** Compressed copies, made on the first request that accepts each. */
  br?: Buffer;
  gzip?: Buffer;
}

// On globalThis: the built app stores entries (middleware) and the Node server around it
// (node-server.ts, a separate copy of this module) answers from them before the app is involved.
const KEY = Symbol.for('telaah.rendered-pages');
const holder = globalThis as unknown as Record<symbol, LRUCache<string, Rendered> | undefined>;
// 16 MB (64, then 32 in issue 29's memory rounds): about 250 research pages and price series, the most
// visited kept; a page of the long tail is rendered again in a few milliseconds. Counted as twice the
// body (its compressed copies).
const rendered = (holder[KEY] ??= new LRUCache<string, Rendered>({
  maxSize: 16 * 1024 * 1024,
  sizeCalculation: (r) => 2 * r.body.byteLength + 512,
}));

/** True for a request that carries no session: identity resolution would find nobody. */
function anonymous(request: Request): boolean {
  return !SESSION_COOKIE.test(request.headers.get('cookie') ?? '');
}

/** True when `pathname` is a public research route whose anonymous response may be cached publicly. */
export function isPublicRoute(pathname: string): boolean {
  return routeOf(pathname).cache === 'public';
}

/** True when an anonymous GET of `pathname` is kept in memory (public research routes and gated analyses). */
function keptForAnonymous(pathname: string): boolean {
  const { cache } = routeOf(pathname);
  return cache === 'public' || cache === 'anonymous';
}

function renderCacheable(ctx: APIContext): boolean {
  return ctx.request.method === 'GET' && anonymous(ctx.request) && keptForAnonymous(ctx.url.pathname);
}

// Formatting the WIB date costs ~0.5 ms; the day is taken again at most once a second.
let day = { at: Number.NEGATIVE_INFINITY, wib: '' };
function today(): string {
  const t = now();
  if (Math.abs(t.getTime() - day.at) >= 1000) day = { at: t.getTime(), wib: wibDate(t) };
  return day.wib;
}

async function keyFor(pathAndQuery: string): Promise<string> {
  return keyAt(await currentMarketVersion(await getDb()), pathAndQuery);
}

/** A rendering's key: the market-data version, today and the path with its query. */
const keyAt = (version: number, pathAndQuery: string) => `${version}|${today()}|${pathAndQuery}`;

const renderKey = (ctx: APIContext) => keyFor(ctx.url.pathname + ctx.url.search);

const etagOf = (body: Uint8Array<ArrayBuffer>) =>
  `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"`;

function toResponse(ctx: APIContext, r: Rendered): Response {
  const headers = new Headers(r.headers);
  const isPublic = isPublicRoute(ctx.url.pathname);
  headers.set('cache-control', isPublic ? PUBLIC_CACHE_CONTROL : PRIVATE_CACHE_CONTROL);
  if (!isPublic) return new Response(r.body, { status: r.status, headers });
  headers.set('etag', r.etag);
  headers.append('vary', 'Cookie');
  if (ctx.request.headers.get('if-none-match') === r.etag) {
    headers.delete('content-type');
    headers.delete('content-length');
    return new Response(null, { status: 304, headers });
  }
  return new Response(r.body, { status: r.status, headers });
}

/**
 * An anonymous research page already rendered for this market-data version, or null — also when the
 * version cannot be read, so that the page itself fails and reports as usual.
 */
export async function cachedRender(ctx: APIContext): Promise<Response | null> {
  if (!renderCacheable(ctx)) return null;
  const key = await renderKey(ctx).catch(() => null);
  const hit = key && rendered.get(key);
  return hit ? toResponse(ctx, hit) : null;
}

type Encoding = 'br' | 'gzip' | null;

/** Headers as `writeHead` takes them flat: name, value, name, value… */
type FlatHeaders = string[];

/**
 * An entry's whole header blocks for the Node server, put together on the first answer of each kind:
 * `writeHead` then takes one flat array, instead of a dozen `setHeader` calls per request.
 */
interface Heads {
  /** The headers every response carries (the security headers), which these blocks start with. */
  base: Readonly<Record<string, string>>;
  identity?: FlatHeaders;
  br?: FlatHeaders;
  gzip?: FlatHeaders;
  notModified?: FlatHeaders;
}
const heads = new WeakMap<Rendered, Heads>();

// Set per answer below, never taken from the stored response.
const OWN_HEADERS = new Set(['set-cookie', 'cache-control', 'vary', 'etag', 'content-length', 'content-encoding']);

function headFor(
  hit: Rendered,
  isPublic: boolean,
  base: Readonly<Record<string, string>>,
  kind: 'identity' | 'br' | 'gzip' | 'notModified',
  body: Uint8Array,
): FlatHeaders {
  let h = heads.get(hit);
  if (!h || h.base !== base) heads.set(hit, (h = { base }));
  const made = h[kind];
  if (made) return made;
  const all: Record<string, string> = { ...base };
  for (const [name, value] of hit.headers) if (!OWN_HEADERS.has(name)) all[name] = value;
  all['cache-control'] = isPublic ? PUBLIC_CACHE_CONTROL : PRIVATE_CACHE_CONTROL;
  all.vary = isPublic ? 'Cookie, Accept-Encoding' : 'Accept-Encoding';
  if (isPublic) all.etag = hit.etag;
  if (kind === 'notModified') delete all['content-type'];
  else {
    if (kind !== 'identity') all['content-encoding'] = kind;
    all['content-length'] = String(body.byteLength);
  }
  return (h[kind] = Object.entries(all).flat());
}

function compressedBody(hit: Rendered, encoding: Encoding): Uint8Array {
  if (encoding === 'br')
    return (hit.br ??= brotliCompressSync(hit.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }));
  if (encoding === 'gzip') return (hit.gzip ??= gzipSync(hit.body, { level: 6 }));
  return hit.body;
}

/**
 * True when `pathname` (as sent, before any query) may have an anonymous rendering kept in memory and
 * the request carries no session: the Node server then tries `serveRendered` before anything else.
 */
export function mayServeRendered(req: IncomingMessage, pathname: string): boolean {
  return !SESSION_COOKIE.test(req.headers.cookie ?? '') && keptForAnonymous(pathname);
}

/** The path and query of the request, with `pathname` (as sent, before any query) for its path. */
function requestPath(req: IncomingMessage, pathname: string): string {
  const url = req.url ?? '';
  const q = url.indexOf('?');
  return q < 0 ? pathname : pathname + url.slice(q);
}

/** Answers the request with a kept rendering: a 304 when it names its ETag, else the encoding it accepts. */
function answerWith(
  hit: Rendered,
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  base: Readonly<Record<string, string>>,
): void {
  const isPublic = isPublicRoute(pathname);
  if (isPublic && req.headers['if-none-match'] === hit.etag) {
    res.writeHead(304, headFor(hit, isPublic, base, 'notModified', hit.body));
    res.end();
    return;
  }
  const encoding: Encoding = hit.body.byteLength >= 1024 ? pickEncoding(req.headers['accept-encoding']) : null;
  const body = compressedBody(hit, encoding);
  res.writeHead(hit.status, headFor(hit, isPublic, base, encoding ?? 'identity', body));
  res.end(body);
}

/**
 * The Node server's fast path: answers an anonymous GET (or HEAD) from a page already rendered for the
 * current market data without involving the app (true when it answered; false leaves `res` untouched).
 * `base` are the headers every response carries; the entry's own (its page policy, type…) come after
 * them, then its caching headers, all as one `writeHead`. Must run in a request context, which holds
 * the market-data version the key names.
 */
export async function serveRendered(
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  base: Readonly<Record<string, string>> = {},
): Promise<boolean> {
  if ((req.method !== 'GET' && req.method !== 'HEAD') || !mayServeRendered(req, pathname)) return false;
  const key = await keyFor(requestPath(req, pathname)).catch(() => null);
  const hit = key ? rendered.get(key) : undefined;
  if (!hit) return false;
  answerWith(hit, req, res, pathname, base);
  return true;
}

/**
 * `serveRendered` without waiting for anything: answers at once when the process's database is open, the
 * market-data version held in memory is known current (db/data-versions.ts) and a rendering for it is
 * kept; false (`res` untouched) in every other case, which `serveRendered` then handles. The caller has
 * checked `mayServeRendered`.
 */
export function serveRenderedNow(
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  base: Readonly<Record<string, string>>,
): boolean {
  const db = openProcessDatabase()?.db;
  const version = db && marketVersionInMemory(db);
  if (version === undefined) return false;
  const hit = rendered.get(keyAt(version, requestPath(req, pathname)));
  if (!hit) return false;
  answerWith(hit, req, res, pathname, base);
  return true;
}

/** Sets the response's caching headers; keeps anonymous research pages for cachedRender(). */
export async function applyCachePolicy(ctx: APIContext, response: Response): Promise<Response> {
  // Endpoints whose answer never depends on the viewer and which set their own validators and Cache-Control.
  if (routeOf(ctx.url.pathname).cache === 'own' && response.headers.has('cache-control')) return response;
  const setsCookie = response.headers.has('set-cookie') || !ctx.cookies.headers().next().done;
  const keep =
    renderCacheable(ctx) && !ctx.locals.viewer && !ctx.locals.actor && response.status === 200 && !setsCookie;
  if (!keep) return withHeader(response, 'cache-control', PRIVATE_CACHE_CONTROL);
  // The version is the one this request's rendering read (remembered per request), so the key never
  // names newer data than the body holds.
  const key = await renderKey(ctx).catch(() => null);
  if (!key) return withHeader(response, 'cache-control', PRIVATE_CACHE_CONTROL);
  const body = new Uint8Array(await response.arrayBuffer());
  const entry: Rendered = {
    status: response.status,
    headers: ownHeaders(response.headers, body),
    body,
    etag: etagOf(body),
  };
  rendered.set(key, entry);
  return toResponse(ctx, entry);
}

/**
 * The response's headers to keep with its rendering, an HTML page's policy narrowed to the inline code
 * its body holds (`./page-policy`): computed once per rendering, written on every answer from memory.
 */
export function ownHeaders(headers: Headers, body: Uint8Array): [string, string][] {
  const policy = headers.get('content-security-policy');
  const html = headers.get('content-type')?.startsWith('text/html');
  if (!policy || !html) return [...headers];
  const own = ownPolicy(policy, new TextDecoder().decode(body));
  return [...headers].map(([name, value]) => [name, name === 'content-security-policy' ? own : value]);
}

/** Sets a header on the response, or on a copy when its headers are immutable (a redirect's, say). */
function withHeader(response: Response, name: string, value: string): Response {
  try {
    response.headers.set(name, value);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    copy.headers.set(name, value);
    return copy;
  }
}
