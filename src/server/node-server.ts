/**
 * The HTTP server around the built app (`dist/server/entry.mjs`, the Node adapter's standalone handler).
 * It adds what the adapter does not do for files it serves from `dist/client`:
 * - the security headers on every response, and each pre-rendered page's own Content-Security-Policy
 *   from `dist/_headers.json`, matched exactly (the adapter matches by substring, so `/` and `/courses`
 *   would get another page's script hashes);
 * - brotli / gzip: the build's pre-compressed copies of static files, and on-the-fly compression (the
 *   `compression` package) of rendered HTML and JSON for clients that accept it;
 * - one JSON log line per request (method, path, status, duration, request id, digest on errors);
 * - the body caps and checks of `./body-limits` before the app reads a body.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { guardBody } from './body-limits';
import compression from 'compression';
import { config } from './config';
import { log, type LogLevel } from './log';
import { requestContext, type RequestContext } from './request-context';
import { FALLBACK_CSP, securityHeaders } from './security-headers';
import { serveRendered } from './http-cache';
import { serveMemberPage } from './member-pages-cache';
import { indexCompressed, serveCompressed, type CompressedFile } from './static-compressed';

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

function levelFor(status: number): LogLevel {
  return status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info';
}

/** Wraps the adapter's handler with headers, compression, request context and request logs. */
export function wrapHandler(
  handler: Handler,
  staticCsp: Map<string, string>,
  production: boolean,
  compressed: Map<string, CompressedFile> = new Map(),
): Handler {
  const headers = Object.entries(securityHeaders(production));
  // Small bodies are not worth it; the default filter compresses text types (HTML, JSON, JS, CSS, SVG).
  const compress = compression({ threshold: 1024 });
  return (req, res) => {
    const started = performance.now();
    const context: RequestContext = { requestId: randomUUID() };
    const pathname = pathnameOf(req.url);
    for (const [name, value] of headers) res.setHeader(name, value);
    const pageCsp = req.method === 'GET' || req.method === 'HEAD' ? staticCsp.get(pathname) : undefined;
    if (pageCsp) pinCsp(res, pageCsp);
    else res.setHeader('content-security-policy', FALLBACK_CSP);
    res.once('close', () => {
      const status = res.statusCode;
      log(levelFor(status), 'request', {
        method: req.method,
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
        const read = r.method === 'GET' || r.method === 'HEAD';
        const file = read ? compressed.get(pathname) : undefined;
        if (file && serveCompressed(r, s, file)) return;
        if (read && (await serveRendered(r, s, pathname))) return;
        if (read && (await serveMemberPage(r, s, pathname))) return;
        compress(r as never, s as never, () => handler(r, s));
      }),
    );
  };
}

export interface ServeOptions {
  /** Path of the built server entry, e.g. dist/server/entry.mjs. */
  entry: string;
  host: string;
  port: number;
}

/** Loads the built app without letting it start its own server, and serves it. */
export async function serveBuild({ entry, host, port }: ServeOptions): Promise<Server> {
  process.env.ASTRO_NODE_AUTOSTART = 'disabled';
  const app = (await import(pathToFileURL(path.resolve(entry)).href)) as { handler: Handler };
  const distDir = path.resolve(path.dirname(entry), '..');
  const production = config().NODE_ENV === 'production';
  const compressed = indexCompressed(path.join(distDir, 'client'));
  const server = createServer(wrapHandler(app.handler, readStaticCsp(distDir), production, compressed));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}
