/**
 * The HTTP server around the built app (`dist/server/entry.mjs`, the Node adapter's standalone handler).
 * It adds what the adapter does not do for files it serves from `dist/client`:
 * - the security headers on every response, and each pre-rendered page's own Content-Security-Policy
 *   from `dist/_headers.json`, matched exactly (the adapter matches by substring, so `/` and `/courses`
 *   would get another page's script hashes);
 * - one JSON log line per request (method, path, status, duration, request id, digest on errors).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { config } from './config';
import { log, type LogLevel } from './log';
import { requestContext, type RequestContext } from './request-context';
import { FALLBACK_CSP, securityHeaders } from './security-headers';

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

/** Wraps the adapter's handler with headers, request context and request logs. */
export function wrapHandler(handler: Handler, staticCsp: Map<string, string>, production: boolean): Handler {
  const headers = Object.entries(securityHeaders(production));
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
    requestContext.run(context, () => handler(req, res));
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
  const server = createServer(wrapHandler(app.handler, readStaticCsp(distDir), config().NODE_ENV === 'production'));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}
