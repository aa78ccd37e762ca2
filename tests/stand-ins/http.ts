/**
 * Small helpers shared by the local stand-ins: a loopback HTTP server with a router, body reading,
 * and HTML pages. Stand-ins keep their state in memory: they are test and development tools only.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import escapeHtml from 'escape-html';

export interface Req {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface Res {
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

export type Handler = (req: Req, params: string[]) => Promise<Res> | Res;

export interface Route {
  method: string;
  pattern: RegExp;
  handler: Handler;
}

export function json(status: number, data: unknown, headers: Record<string, string> = {}): Res {
  return { status, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(data) };
}

export function redirect(location: string): Res {
  return { status: 303, headers: { location } };
}

export { escapeHtml };

/** A plain, mobile-friendly page. `body` is trusted HTML built with escapeHtml. */
export function page(title: string, body: string): Res {
  return {
    status: 200,
    headers: { 'content-type': 'text/html; charset=utf-8' },
    body: `<!doctype html><html lang="id"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}.card{border:1px solid #ddd;border-radius:10px;padding:1rem;margin:1rem 0}form{display:inline}button{font:inherit;min-height:44px;padding:.5rem 1rem;margin:.25rem .25rem .25rem 0;border-radius:8px;border:1px solid #555;background:#fff;cursor:pointer}button.primary{background:#1a56db;color:#fff;border-color:#1a56db}.muted{color:#666;font-size:.875rem}</style></head><body>${body}</body></html>`,
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** Starts a server on `host:port` (port 0 = any free port); resolves once it listens. */
export async function serve(
  routes: Route[],
  port: number,
  host = '127.0.0.1',
): Promise<{ server: Server; url: string }> {
  const server = createServer(async (incoming: IncomingMessage, out: ServerResponse) => {
    const url = new URL(incoming.url ?? '/', 'http://stand-in');
    const req: Req = {
      method: incoming.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: incoming.headers,
      body: await readBody(incoming),
    };
    let res: Res = json(404, {
      error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${req.path})` },
    });
    try {
      for (const r of routes) {
        const m = r.method === req.method ? r.pattern.exec(req.path) : null;
        if (m) {
          res = await r.handler(req, m.slice(1).map(decodeURIComponent));
          break;
        }
      }
    } catch (err) {
      console.error(err);
      res = json(500, { error: { type: 'api_error', message: String(err) } });
    }
    out.writeHead(res.status, res.headers ?? {});
    out.end(res.body ?? '');
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const address = server.address();
  const actual = typeof address === 'object' && address ? address.port : port;
  return { server, url: `http://${host}:${actual}` };
}

/** POSTs `body` to `url` `times` times at once; resolves with the HTTP statuses (0 = unreachable). */
export async function deliver(
  url: string,
  body: string,
  headers: () => Record<string, string>,
  times: number,
): Promise<number[]> {
  return Promise.all(
    Array.from({ length: times }, () =>
      fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers() }, body })
        .then(async (r) => {
          await r.text();
          return r.status;
        })
        .catch(() => 0),
    ),
  );
}

/** Whether this module is the process' entry point (run as a CLI rather than imported). */
export function isMain(metaUrl: string): boolean {
  const entry = process.argv[1];
  return !!entry && pathToFileURL(path.resolve(entry)).href === metaUrl;
}
