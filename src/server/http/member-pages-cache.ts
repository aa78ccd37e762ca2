/**
 * Pages as a signed-in member sees them, kept in memory and served again while nothing they show has
 * changed (docs/decisions/0019-member-pages-cache.md). Anonymous research pages have their own cache
 * (http-cache.ts).
 *
 * Which responses: a GET of a route marked `memberPage` in the route policy (routes.ts) by a signed-in
 * member, answered 200 without setting a cookie. Each of those routes shows only: the member's own
 * portfolio reports (their portfolios and transactions with the market data), market data, the build's
 * content (analyses), the viewer (name, tier, role, impersonation) and the URL, with dates from today's
 * WIB date. A route that reads anything else (flash messages, other tables, the time of day) must not
 * be marked.
 *
 * Kept under the viewer as resolved for this request (every field of the viewer, the acting admin and the
 * impersonation's expiry) and the URL; valid while the stamp matches: the market-data version, the
 * member's data version (services/portfolio/report-cache.ts) and the WIB date. The viewer and both
 * versions come from memory, kept exact by the database's change notifications (db/data-versions.ts), so
 * a hit asks the database nothing. The stamp is read
 * before rendering, so an entry never claims newer data than its body shows; a write during rendering
 * makes the next request render again. Responses stay `Cache-Control: private, no-store`: nothing here
 * reaches a shared cache, and one member's entry is never looked up under another's key.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { APIContext } from 'astro';
import { LRUCache } from 'lru-cache';
import {
  IMPERSONATION_COOKIE,
  knownClaims,
  sessionCookies,
  sessionUser,
  sessionUserInMemory,
  toViewer,
  type SessionClaims,
} from '../auth/session-user';
import type { Viewer } from '../auth/viewer-type';
import { now, todayWib } from '../clock';
import { getDb, openProcessDatabase, type Db } from '../db/client';
import { ownHeaders, PRIVATE_CACHE_CONTROL } from './http-cache';
import { currentMarketVersion, marketVersionInMemory } from '../services/market';
import { currentMemberVersion, memberVersionInMemory } from '../services/portfolio';
import { behindWrittenVersion, catchUpWithCookie } from './written-version';
import { routeOf } from './routes';
import { FALLBACK_CSP } from './security-headers';
import { pickEncoding } from './static-compressed';

interface Entry {
  stamp: string;
  status: number;
  headers: [string, string][];
  body: Uint8Array<ArrayBuffer>;
  /** Compressed copies, made on the first request that accepts each. */
  br?: Buffer;
  gzip?: Buffer;
  /** The Node server's header blocks (`headFor`), made on the first answer of each encoding. */
  heads?: Partial<Record<'identity' | 'br' | 'gzip', string[]>>;
}

// Bounded by bytes (bodies and their compressed copies): a member with a 10-year history has pages of
// 100–200 KB, so this holds the recent pages of a few hundred members.
const MAX_BYTES = 32 * 1024 * 1024;
// On globalThis: the built app stores entries (middleware) and the Node server around it
// (node-server.ts, a separate copy of this module) answers from them before the app is involved.
const KEY = Symbol.for('telaah.member-pages');
const entries = ((globalThis as unknown as Record<symbol, unknown>)[KEY] ??= new LRUCache<string, Entry>({
  maxSize: MAX_BYTES,
  sizeCalculation: (e) => e.body.byteLength + (e.br?.byteLength ?? 0) + (e.gzip?.byteLength ?? 0) + 512,
})) as LRUCache<string, Entry>;

// The routes kept here: `memberPage` in the route policy (routes.ts).
const isMemberRoute = (pathname: string) => routeOf(pathname).memberPage;

/** Who asks (as resolved for the request: the viewer, the acting admin, the impersonation's end) and what. */
function entryKey(
  viewer: Viewer,
  actor: Viewer | null,
  until: string | null,
  pathname: string,
  search: string,
): string {
  return JSON.stringify([viewer, actor, until, pathname, search]);
}

/** The entry's key for a request through the app; null when the route is not kept. */
function keyOf(ctx: APIContext): string | null {
  const { viewer, actor, impersonationExpiresAt } = ctx.locals;
  if (ctx.request.method !== 'GET' || !viewer || !isMemberRoute(ctx.url.pathname)) return null;
  return entryKey(viewer, actor, impersonationExpiresAt, ctx.url.pathname, ctx.url.search);
}

async function stampOf(userId: string): Promise<string> {
  const db = await getDb();
  const [market, member] = await Promise.all([currentMarketVersion(db), currentMemberVersion(db, userId)]);
  return stampFor(market, member);
}

/** The stamp of the market's and the member's data versions, today. */
const stampFor = (market: number, member: number) => `${market}|${member}|${todayWib()}`;

/** `stampOf` from memory, when both versions there are known current; else undefined. */
function stampInMemory(db: Db, userId: string): string | undefined {
  const market = marketVersionInMemory(db);
  if (market === undefined) return undefined;
  const member = memberVersionInMemory(db, userId);
  return member === undefined ? undefined : stampFor(market, member);
}

/** Renderings under way, by stamp and key: requests for the same page meanwhile wait for it (null: not kept). */
const rendering = new Map<string, Promise<Entry | null>>();

/** The body to send for the client's Accept-Encoding, compressed once per entry and encoding. */
function encodedBody(key: string, entry: Entry, acceptEncoding: string | undefined) {
  const encoding = entry.body.byteLength >= 1024 ? pickEncoding(acceptEncoding) : null;
  if (!encoding) return { encoding, body: entry.body };
  const made = !entry[encoding];
  if (encoding === 'br')
    entry.br ??= brotliCompressSync(entry.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
  else entry.gzip ??= gzipSync(entry.body, { level: 6 });
  // The copy just made counts towards the bound.
  if (made && entries.get(key) === entry) entries.set(key, entry);
  return { encoding, body: entry[encoding]! };
}

/**
 * The entry as the app's response. Uncompressed: the app's response may still be rewritten on its way
 * out (Sentry adds its trace tags to HTML), and the Node server compresses what leaves the app.
 */
function toResponse(entry: Entry): Response {
  // A stream, so that the body is not copied into the Response.
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(entry.body);
      controller.close();
    },
  });
  return new Response(stream, { status: entry.status, headers: entry.headers });
}

/**
 * The member's response for this request: from memory when rendered before for the same viewer, URL
 * and data, else `render()`'s, kept for next time when it may be.
 */
export async function withMemberPagesCache(ctx: APIContext, render: () => Promise<Response>): Promise<Response> {
  const key = keyOf(ctx);
  if (!key) return render();
  const stamp = await stampOf(ctx.locals.viewer!.id);
  const hit = entries.get(key);
  if (hit && hit.stamp === stamp) return toResponse(hit);
  // The same page for the same data is being rendered (a member's first page after a start, opened in
  // several tabs or asked again before it finished): its result serves this request too.
  const under = `${stamp}\n${key}`;
  const awaited = await rendering.get(under);
  if (awaited) return toResponse(awaited);
  let done: (entry: Entry | null) => void = () => undefined;
  const mine = new Promise<Entry | null>((resolve) => (done = resolve));
  if (!rendering.has(under)) rendering.set(under, mine);
  let entry: Entry | null = null;
  try {
    const response = await render();
    const setsCookie = response.headers.has('set-cookie') || !ctx.cookies.headers().next().done;
    if (response.status !== 200 || setsCookie || response.headers.has('content-encoding')) return response;
    const body = new Uint8Array(await response.arrayBuffer());
    // The page's policy narrowed to its own inline code, once per entry (./page-policy, decision 0049).
    entry = { stamp, status: response.status, headers: ownHeaders(response.headers, body), body };
    entries.set(key, entry);
    return toResponse(entry);
  } finally {
    done(entry);
    if (rendering.get(under) === mine) rendering.delete(under);
  }
}

/** The kept entry for this viewer and URL while its stamp still holds; null otherwise. */
async function entryFor(
  claims: SessionClaims,
  req: IncomingMessage,
  pathname: string,
): Promise<{ key: string; entry: Entry } | null> {
  const db = await getDb();
  const found = await sessionUser(db, claims, now());
  if (!found) return null;
  const viewer = toViewer(found.user, found.tier);
  await catchUpWithCookie(db, viewer.id, req.headers.cookie);
  const key = entryKey(viewer, null, null, pathname, searchOf(req.url ?? '/'));
  const entry = entries.get(key);
  if (!entry || entry.stamp !== (await stampOf(viewer.id))) return null;
  return { key, entry };
}

/**
 * The Node server's fast path: answers a member's GET from an entry rendered for them, without
 * involving the app (true when it answered). Only for a session cookie the app has decoded lately and no
 * impersonation; everything else (and a miss) goes to the app. The caller has set the security headers.
 */
export async function serveMemberPage(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<boolean> {
  if (req.method !== 'GET' || !isMemberRoute(pathname)) return false;
  const claims = claimsOf(req);
  if (!claims) return false;
  // A database that cannot be read here is left to the app, which fails and reports as usual.
  const found = await entryFor(claims, req, pathname).catch(() => null);
  if (!found) return false;
  const { key, entry } = found;
  for (const [name, value] of entry.headers) res.setHeader(name, value);
  res.setHeader('cache-control', PRIVATE_CACHE_CONTROL);
  res.setHeader('vary', 'Accept-Encoding');
  const { encoding, body } = encodedBody(key, entry, req.headers['accept-encoding']);
  if (encoding) res.setHeader('content-encoding', encoding);
  res.setHeader('content-length', body.byteLength);
  res.statusCode = entry.status;
  res.end(body);
  return true;
}

/** The claims of the request's session cookie when the app decoded it lately and no impersonation runs. */
function claimsOf(req: IncomingMessage): SessionClaims | undefined {
  const cookie = req.headers.cookie;
  if (!cookie || cookie.includes(IMPERSONATION_COOKIE)) return undefined;
  return knownClaims(sessionCookies(cookie));
}

// Set per answer, never taken from the stored response.
const OWN_HEADERS = new Set(['cache-control', 'vary', 'content-length', 'content-encoding']);

/** The entry's whole header block for `encoding` (as `writeHead` takes it), made once per entry and encoding. */
function headFor(
  entry: Entry,
  base: Readonly<Record<string, string>>,
  encoding: 'br' | 'gzip' | null,
  body: Uint8Array,
): string[] {
  const kind = encoding ?? 'identity';
  const made = entry.heads?.[kind];
  if (made) return made;
  // As the slower path answers: the fallback policy unless the entry has its own.
  const all: Record<string, string> = { ...base, 'content-security-policy': FALLBACK_CSP };
  for (const [name, value] of entry.headers) if (!OWN_HEADERS.has(name)) all[name] = value;
  all['cache-control'] = PRIVATE_CACHE_CONTROL;
  all.vary = 'Accept-Encoding';
  if (encoding) all['content-encoding'] = encoding;
  all['content-length'] = String(body.byteLength);
  return ((entry.heads ??= {})[kind] = Object.entries(all).flat());
}

/**
 * `serveMemberPage` without waiting for anything: answers a member's GET or HEAD at once when the session,
 * both data versions and the entry are in memory and known current (db/data-versions.ts), with `base`
 * (the headers every response carries) and the entry's headers in one `writeHead`. False, with `res`
 * untouched, in every other case: the caller goes on as before.
 */
export function serveMemberPageNow(
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  base: Readonly<Record<string, string>>,
): boolean {
  if ((req.method !== 'GET' && req.method !== 'HEAD') || !isMemberRoute(pathname)) return false;
  const claims = claimsOf(req);
  const db = openProcessDatabase()?.db;
  if (!claims || !db) return false;
  const found = sessionUserInMemory(db, claims, now());
  if (!found) return false;
  const viewer = toViewer(found.user, found.tier);
  // Their last write, taken by another server and not applied here yet: the slower path waits for it.
  if (behindWrittenVersion(db, viewer.id, req.headers.cookie)) return false;
  const key = entryKey(viewer, null, null, pathname, searchOf(req.url ?? '/'));
  const entry = entries.get(key);
  if (!entry || entry.stamp !== stampInMemory(db, viewer.id)) return false;
  const { encoding, body } = encodedBody(key, entry, req.headers['accept-encoding']);
  res.writeHead(entry.status, headFor(entry, base, encoding, body));
  res.end(body);
  return true;
}

/** `URL.search` of a request target (`''` without a query, without parsing the URL). */
function searchOf(url: string): string {
  return url.includes('?') ? new URL(url, 'http://x').search : '';
}
