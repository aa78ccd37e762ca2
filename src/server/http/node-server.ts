/**
 * The HTTP server around the built app (`dist/server/entry.mjs`, the Node adapter's standalone handler).
 * It adds what the adapter does not do for files it serves from `dist/client`:
 * - the pre-rendered pages answered from memory, before anything else (`./prerendered-pages`);
 * - the security headers on every response, and each pre-rendered page's own Content-Security-Policy
 *   from `dist/_headers.json`, matched exactly (the adapter matches by substring, so `/` and `/courses`
 *   would get another page's script hashes);
 * - brotli / gzip: the build's pre-compressed copies of static files, and on-the-fly compression (the
 *   `compression` package) of rendered HTML and JSON for clients that accept it;
 * - one JSON log line per request (method, path, status, duration, request id, digest on errors);
 * - the body caps and checks of `./body-limits` before the app reads a body;
 * - a graceful stop (`drainServer`): no new connections, requests in flight answered, then closed;
 * - behind a TLS proxy, the public origin of APP_URL for requests the proxy marks as such (`behindTls`).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { Socket } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { constants as zlib } from 'node:zlib';
import { createBodyGuard, type BodyGuard } from './body-limits';
import compression from 'compression';
import { config } from '../config';
import { log, logs, type LogLevel } from '../log';
import { loadPrerenderedPages, prerenderedPageFor, servePrerendered, type PrerenderedPage } from './prerendered-pages';
import { requestContext, type RequestContext } from './request-context';
import { FALLBACK_CSP, securityHeaders } from './security-headers';
import { mayServeRendered, serveRendered, serveRenderedNow } from './http-cache';
import { serveMemberPage, serveMemberPageNow } from './member-pages-cache';
import { indexCompressed, serveCompressed, type CompressedFile } from './static-compressed';
import { warmUp } from './warm-up';
import { openProcessDatabase } from '../db/client';
import { liveSessionCookies } from '../auth/session-token';

/** Members whose landing page the warm start fills, the last signed in first (`./warm-up`). */
const WARM_MEMBERS = 50;

/** True while the server warms itself up (`./warm-up`): those requests write no log line. */
let warming = false;

/** Servers that are stopping: their answers close the connection. */
const draining = new WeakSet<Server>();
/** The response a connection answers last (that of its latest request): what a stop must make its last. */
const ANSWERING = Symbol('telaah.answering');
type TrackedSocket = Socket & { [ANSWERING]?: ServerResponse; server?: Server };
/** Each server's open connections that have carried a request. */
const connections = new WeakMap<Server, Set<TrackedSocket>>();

/**
 * Notes the response as its connection's latest, so that a stop can make it the last on its connection;
 * on a stopping server it is the last at once. Per connection, not per response: a `close` listener on
 * every response cost 12–16 % of the rate of a research page answered from memory (issue 29, measured
 * against the same build with it, in turns).
 */
function track(req: IncomingMessage, res: ServerResponse): void {
  const socket = req.socket as TrackedSocket;
  const server = socket.server;
  if (!server) return;
  if (socket[ANSWERING] === undefined) {
    let open = connections.get(server);
    if (!open) connections.set(server, (open = new Set()));
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  }
  socket[ANSWERING] = res;
  if (draining.has(server)) res.setHeader('connection', 'close');
}

/** Writes the request's log line when its answer closes, if request lines are logged at all. */
function logWhenClosed(method: string | undefined, path: string, res: ServerResponse, requestId?: string): void {
  if (warming || !logs('info')) return;
  const started = performance.now();
  const id = requestId ?? randomUUID();
  res.once('close', () =>
    log('info', 'request', {
      method,
      path,
      status: res.statusCode,
      durationMs: Math.round(performance.now() - started),
      requestId: id,
      ...(res.writableFinished ? {} : { aborted: true }),
    }),
  );
}

/**
 * Writes the log line of an answer that was just handed to Node whole (the answers from memory), if
 * request lines are logged at all. At once rather than when the answer closes, which would take a `close`
 * listener on every response (see `track`); an answer from memory takes no time of the server's own. A
 * client that leaves before the last byte is not told apart.
 */
function logAnswered(method: string | undefined, path: string, res: ServerResponse): void {
  if (warming || !logs('info')) return;
  log('info', 'request', { method, path, status: res.statusCode, durationMs: 0, requestId: randomUUID() });
}

/**
 * Answers an anonymous research page from memory when it was rendered for the current market data: at
 * once (`serveRenderedNow`) when the market-data version in memory is known current, which is the rule
 * on a running server; else (`serveRendered`) in a request context, which holds the version read from
 * the database. Either way one `writeHead`, none of the rest of the wrapper. Anything else — not kept,
 * another version, the version unreadable — goes on to `next`, which sees the request untouched.
 */
function answerRendered(
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  base: Readonly<Record<string, string>>,
  next: Handler,
): void {
  const method = req.method;
  track(req, res);
  if (serveRenderedNow(req, res, pathname, base)) return logAnswered(method, pathname, res);
  const context: RequestContext = { requestId: randomUUID() };
  requestContext
    .run(context, () => serveRendered(req, res, pathname, base))
    .then(
      (answered) => (answered ? logWhenClosed(method, pathname, res, context.requestId) : next(req, res)),
      () => next(req, res),
    );
}

/**
 * Answers a member's page from memory at once when everything it depends on is in memory and known
 * current (`serveMemberPageNow`): one `writeHead`, none of the rest of the wrapper. False, with `res`
 * untouched, otherwise.
 */
function answerMemberPage(
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  base: Readonly<Record<string, string>>,
): boolean {
  // Noted first, so that a stopping server's `Connection: close` goes out with the answer (the
  // slower path notes it again, which changes nothing).
  track(req, res);
  if (!serveMemberPageNow(req, res, pathname, base)) return false;
  logAnswered(req.method, pathname, res);
  return true;
}

/**
 * Answers a pre-rendered page from memory with as little per-request work as the runtime allows: no
 * request context, and a log line only when request lines are logged at all. It is noted on its connection,
 * as any answer is, so that a stopping server closes the connection after it and waits for it.
 */
function answerPrerendered(req: IncomingMessage, res: ServerResponse, page: PrerenderedPage): void {
  track(req, res);
  servePrerendered(req, res, page);
  logAnswered(req.method, pathnameOf(req.url), res);
}

/** Makes an unfinished response the last on its connection. */
function lastOnConnection(server: Server, res: ServerResponse): void {
  if (!res.headersSent) {
    res.shouldKeepAlive = false;
    res.setHeader('connection', 'close');
  } else {
    // Already promised keep-alive: let the connection go once the answer is out.
    res.once('finish', () => setImmediate(() => server.closeIdleConnections()));
  }
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

interface HeadersEntry {
  pathname: string;
  headers: { key: string; value: string }[];
}

/** Pre-rendered pages' CSP by exact pathname, from the `_headers.json` Astro writes next to the build. */
export function readStaticCsp(distDir: string): Map<string, string> {
  const file = path.join(distDir, '_headers.json');
  const map = new Map<string, string>();
  if (!existsSync(file)) return map;
  for (const entry of JSON.parse(readFileSync(file, 'utf8')) as HeadersEntry[]) {
    const csp = entry.headers.find((h) => h.key.toLowerCase() === 'content-security-policy');
    if (csp) map.set(entry.pathname, csp.value);
  }
  return map;
}

function pathnameOf(url: string | undefined): string {
  const raw = (url ?? '/').split(/[?#]/)[0] ?? '/';
  let decoded = raw;
  try {
    decoded = decodeURI(raw);
  } catch {
    // Left as sent; the adapter answers 400.
  }
  return decoded.length > 1 ? decoded.replace(/\/+$/, '') : decoded;
}

/** Keeps the exact CSP of a pre-rendered page whatever the adapter sets afterwards. */
function pinCsp(res: ServerResponse, csp: string): void {
  res.setHeader('content-security-policy', csp);
  const setHeader = res.setHeader.bind(res);
  res.setHeader = ((name: string, value: number | string | readonly string[]) =>
    name.toLowerCase() === 'content-security-policy' ? res : setHeader(name, value)) as typeof res.setHeader;
}

/**
 * Brotli for what is compressed as it is sent (pages the app renders per request, JSON): the `compression`
 * package's quality 4, in a 64 KB window instead of zlib's 4 MB. Every response gets an encoder of its own,
 * which allocates its window, and answers in flight at once each held one: `/sign-in` with a browser's
 * `Accept-Encoding` made 126–171 req/s over 8 connections against 484 over one (issue 29); with this window
 * 594 over 8 (with 256 KB, 486). The bytes stay the same: brotli finds a page's repeats within 64 KB
 * (`/analisis`, 34 KB, compresses to the same size in both; four copies of it in a row, 137 KB, to 12 bytes
 * more). Decision 0061.
 */
const STREAM_BROTLI = { [zlib.BROTLI_PARAM_LGWIN]: 16 };

/** Marks a plain socket that trustProxiedOrigin flagged as encrypted. */
const PROXIED = Symbol('telaah.proxied-tls');

/**
 * Behind a TLS-terminating proxy the app is reached over plain HTTP, so the adapter builds `http://` URLs
 * and Astro's origin check refuses every browser form (whose Origin says https). A request that the proxy
 * marks `X-Forwarded-Proto: https` and that names APP_URL's host is taken as arriving at APP_URL: the
 * adapter reads the protocol from `socket.encrypted`, so that is set for it (and cleared for any other
 * request on the same connection). Only APP_URL's own origin is ever trusted, never a host the request
 * names, so forwarded headers still poison nothing.
 */
function trustProxiedOrigin(appUrl: string | undefined): (req: IncomingMessage) => void {
  const app = appUrl ? new URL(appUrl) : null;
  if (!app || app.protocol !== 'https:') return () => undefined;
  return (req) => {
    const proto = String(req.headers['x-forwarded-proto'] ?? '')
      .split(',')[0]!
      .trim()
      .toLowerCase();
    const socket = req.socket as unknown as { encrypted?: boolean; [PROXIED]?: boolean };
    if (socket.encrypted && !socket[PROXIED]) return; // A real TLS connection.
    const proxied = proto === 'https' && req.headers.host?.toLowerCase() === app.host;
    socket.encrypted = proxied;
    socket[PROXIED] = proxied;
  };
}
function levelFor(status: number): LogLevel {
  return status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info';
}

/** Wraps the adapter's handler with headers, compression, request context and request logs. */
export function wrapHandler(
  handler: Handler,
  staticCsp: Map<string, string>,
  production: boolean,
  compressed: Map<string, CompressedFile> = new Map(),
  guardBody: BodyGuard = createBodyGuard(),
  appUrl: string | undefined = undefined,
  prerendered: Map<string, PrerenderedPage> = new Map(),
): Handler {
  const proxied = trustProxiedOrigin(appUrl);
  const base = securityHeaders(production);
  const headers = Object.entries(base);
  // Small bodies are not worth it; the default filter compresses text types (HTML, JSON, JS, CSS, SVG).
  const compress = compression({ threshold: 1024, brotli: { params: STREAM_BROTLI } });
  const handle: Handler = (req, res) => {
    const started = performance.now();
    const context: RequestContext = { requestId: randomUUID() };
    const pathname = pathnameOf(req.url);
    const method = req.method;
    // HEAD is a GET without its body (RFC 9110 §9.3.2): everything below, the app included, sees a GET,
    // so the status and headers are the GET's by construction. Node decided when it made `res` that a
    // response to a HEAD carries no body, and drops whatever is written to it.
    if (method === 'HEAD') req.method = 'GET';
    proxied(req);
    for (const [name, value] of headers) res.setHeader(name, value);
    // A server that is stopping answers what it was sent, then lets its connections go.
    track(req, res);
    const pageCsp = req.method === 'GET' ? staticCsp.get(pathname) : undefined;
    if (pageCsp) pinCsp(res, pageCsp);
    else res.setHeader('content-security-policy', FALLBACK_CSP);
    const quiet = warming;
    res.once('close', () => {
      const status = res.statusCode;
      if (quiet && status < 500) return;
      log(levelFor(status), 'request', {
        method,
        path: pathname,
        status,
        durationMs: Math.round(performance.now() - started),
        requestId: context.requestId,
        ...(context.digest ? { digest: context.digest } : {}),
        ...(res.writableFinished ? {} : { aborted: true }),
      });
    });
    guardBody(req, res, pathname, (r, s) =>
      requestContext.run(context, async () => {
        const read = r.method === 'GET';
        const file = read ? compressed.get(pathname) : undefined;
        if (file && serveCompressed(r, s, file)) return;
        if (read && (await serveRendered(r, s, pathname, base))) return;
        if (read && (await serveMemberPage(r, s, pathname))) return;
        compress(r as never, s as never, () => handler(r, s));
      }),
    );
  };
  return (req, res) => {
    const page = prerenderedPageFor(prerendered, req);
    if (page) return answerPrerendered(req, res, page);
    if (req.method === 'GET' || req.method === 'HEAD') {
      // The path as sent: a form the cache does not know (encoded, a trailing slash) takes the full path.
      const url = req.url ?? '/';
      const q = url.indexOf('?');
      const raw = q < 0 ? url : url.slice(0, q);
      if (!raw.includes('%')) {
        if (mayServeRendered(req, raw)) return answerRendered(req, res, raw, base, handle);
        if (answerMemberPage(req, res, raw, base)) return;
      }
    }
    handle(req, res);
  };
}

/** One full garbage collection now (`gc` is exposed to a throw-away context only, not to the app). */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

export interface ServeOptions {
  /** Path of the built server entry, e.g. dist/server/entry.mjs. */
  entry: string;
  host: string;
  port: number;
}

/**
 * Loads the built app without letting it start its own server, warms it up (`./warm-up`: the pages
 * visitors reach first, rendered and compiled before the port opens), and serves it.
 */
export async function serveBuild({ entry, host, port }: ServeOptions): Promise<Server> {
  process.env.ASTRO_NODE_AUTOSTART = 'disabled';
  const app = (await import(pathToFileURL(path.resolve(entry)).href)) as { handler: Handler };
  const distDir = path.resolve(path.dirname(entry), '..');
  const production = config().NODE_ENV === 'production';
  const compressed = indexCompressed(path.join(distDir, 'client'));
  const staticCsp = readStaticCsp(distDir);
  const prerendered = loadPrerenderedPages(path.join(distDir, 'client'), staticCsp, production);
  // The other forms of a page's path (`/courses/`) get the same narrowed policy as the page.
  for (const [urlPath, page] of prerendered) staticCsp.set(decodeURI(urlPath), page.policy);
  const handler = wrapHandler(
    app.handler,
    staticCsp,
    production,
    compressed,
    createBodyGuard(),
    config().APP_URL,
    prerendered,
  );
  // Before the first visitor: fill what the fast paths answer from and let V8 compile them, for the
  // members signed in last too (when the start script opened the database already).
  const appUrl = config().APP_URL;
  const db = openProcessDatabase()?.db;
  const members = db ? await liveSessionCookies(db, WARM_MEMBERS).catch(() => []) : [];
  const memberHeaders = appUrl?.startsWith('https:')
    ? { host: new URL(appUrl).host, 'x-forwarded-proto': 'https' }
    : undefined;
  warming = true;
  const warm = await warmUp(handler, {
    prerendered: prerendered.keys(),
    researchPages: appUrl ? config().WARM_UP_PAGES : 0,
    rounds: config().WARM_UP_ROUNDS,
    members,
    memberHeaders,
  }).finally(() => (warming = false));
  log('info', 'warm-up', { ...warm });
  // What the warm-up made and dropped (responses, compressed copies, rendering's intermediates) is
  // garbage V8 would keep for minutes: 445 → 260 MB RSS measured right after a start (issue 29).
  collectGarbage();
  const server = createServer(handler);
  // Node's defaults give a request 300 s; a body is bounded far sooner by ./body-limits.
  server.requestTimeout = 120_000;
  server.headersTimeout = 20_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}

/**
 * Stops a server gracefully: it accepts no new connections at once, closes idle keep-alive connections,
 * answers every request already received (each with `Connection: close`), and cuts whatever is still
 * open after `deadlineMs`. Resolves true when every connection ended by itself before the deadline.
 */
export async function drainServer(server: Server, deadlineMs: number): Promise<boolean> {
  draining.add(server);
  for (const socket of connections.get(server) ?? []) {
    const res = socket[ANSWERING];
    if (res && !res.writableFinished) lastOnConnection(server, res);
  }
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), deadlineMs)));
  const onTime = await Promise.race([closed.then(() => true), late]);
  clearTimeout(timer);
  if (!onTime) {
    server.closeAllConnections();
    await closed;
  }
  return onTime;
}
