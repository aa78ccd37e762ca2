import { createHash } from 'node:crypto';
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { brotliDecompressSync } from 'node:zlib';
import type { APIContext } from 'astro';
import { applyCachePolicy, PUBLIC_CACHE_CONTROL } from './http-cache';
import { readStaticCsp, wrapHandler } from './node-server';
import { requestContext } from './request-context';
import { FALLBACK_CSP } from './security-headers';
import { setProcessDatabase } from '../db/client';
import { createTestDb, type TestDb } from '../../../tests/db';

// A stand-in for the Node adapter's handler: like @astrojs/node, it sets a (wrong) policy on the static
// page it serves, and Astro's rendered pages bring their own policy in writeHead.
function adapter(req: IncomingMessage, res: ServerResponse): void {
  const url = req.url ?? '/';
  if (url.startsWith('/courses')) {
    res.setHeader('content-security-policy', "script-src 'sha256-of-another-page'");
    res.end('<p>kursus</p>');
  } else if (url.startsWith('/analisis')) {
    res.writeHead(200, {
      'content-type': 'text/html',
      'content-security-policy': "script-src 'self' 'sha256-rendered'",
    });
    res.end('<p>analisis</p>');
  } else if (url.startsWith('/besar')) {
    // A rendered page large enough to be compressed, telling which method the app saw.
    res.writeHead(200, { 'content-type': 'text/html', 'cache-control': 'private, no-store', 'x-method': req.method! });
    res.end(`<p>${'saham '.repeat(800)}</p>`);
  } else if (url.startsWith('/rusak')) {
    requestContext.getStore()!.digest = 'd'.repeat(32);
    res.writeHead(500);
    res.end('rusak');
  } else {
    res.writeHead(404);
    res.end();
  }
}

let server: Server;
let base: string;
let h: TestDb;
const lines: Record<string, unknown>[] = [];

beforeAll(async () => {
  // The database the research pages' cache reads the market version from: a test database of its own.
  h = await createTestDb();
  setProcessDatabase(h);
  const dist = mkdtempSync(path.join(tmpdir(), 'telaah-dist-'));
  writeFileSync(
    path.join(dist, '_headers.json'),
    JSON.stringify([
      { pathname: '/courses/dasar', headers: [{ key: 'Content-Security-Policy', value: "script-src 'sha256-dasar'" }] },
      { pathname: '/courses', headers: [{ key: 'Content-Security-Policy', value: "script-src 'sha256-courses'" }] },
    ]),
  );
  const capture = (chunk: string | Uint8Array) => {
    for (const l of String(chunk).split('\n'))
      if (l.startsWith('{')) lines.push(JSON.parse(l) as Record<string, unknown>);
    return true;
  };
  vi.spyOn(process.stdout, 'write').mockImplementation(capture);
  vi.spyOn(process.stderr, 'write').mockImplementation(capture);
  server = createServer(wrapHandler(adapter, readStaticCsp(dist), false));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(async () => {
  vi.restoreAllMocks();
  await new Promise((resolve) => server.close(resolve));
  await h.close();
});

/** One request to the test server, its body read whole. */
function raw(
  path: string,
  method = 'GET',
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the server around the built app', () => {
  it('gives a pre-rendered page its own policy, matched exactly, whatever the adapter sets', async () => {
    expect((await fetch(`${base}/courses`)).headers.get('content-security-policy')).toBe("script-src 'sha256-courses'");
    expect((await fetch(`${base}/courses/dasar?x=1`)).headers.get('content-security-policy')).toBe(
      "script-src 'sha256-dasar'",
    );
    expect((await fetch(`${base}/courses/`)).headers.get('content-security-policy')).toBe(
      "script-src 'sha256-courses'",
    );
  });

  it('keeps the policy of rendered pages and gives everything else the fallback', async () => {
    expect((await fetch(`${base}/analisis`)).headers.get('content-security-policy')).toBe(
      "script-src 'self' 'sha256-rendered'",
    );
    const missing = await fetch(`${base}/tidak-ada`);
    expect(missing.headers.get('content-security-policy')).toBe(FALLBACK_CSP);
    expect(missing.headers.get('x-content-type-options')).toBe('nosniff');
    expect(missing.headers.get('permissions-policy')).toContain('camera=()');
  });

  it('writes one JSON line per request, without the query string, with the digest of a failure', async () => {
    lines.length = 0;
    await (await fetch(`${base}/analisis/BBCA?token=rahasia`)).text();
    await (await fetch(`${base}/rusak`)).text();
    // A line is written when the response closes, which may come after the next request's (or, on a busy
    // machine, after the client has read an earlier test's answer): found by path.
    const logged = () =>
      lines.filter((l) => l.msg === 'request' && (l.path === '/analisis/BBCA' || l.path === '/rusak'));
    await vi.waitFor(() => expect(logged()).toHaveLength(2));
    const ok = logged().find((l) => l.path === '/analisis/BBCA');
    const failed = logged().find((l) => l.path === '/rusak');
    expect(ok).toMatchObject({
      level: 'info',
      method: 'GET',
      path: '/analisis/BBCA',
      status: 200,
      requestId: expect.any(String),
      durationMs: expect.any(Number),
    });
    expect(JSON.stringify(ok)).not.toContain('rahasia');
    expect(ok).not.toHaveProperty('digest');
    expect(failed).toMatchObject({ level: 'error', path: '/rusak', status: 500, digest: 'd'.repeat(32) });
    expect(failed!.requestId).not.toBe(ok!.requestId);
  });

  it('answers HEAD as the GET of the same URL, headers and all, without a body', async () => {
    lines.length = 0;
    const get = await raw('/besar', 'GET', { 'accept-encoding': 'br' });
    const head = await raw('/besar', 'HEAD', { 'accept-encoding': 'br' });
    expect(get.body.length).toBeGreaterThan(0);
    expect(head.body.length).toBe(0);
    expect(head.status).toBe(get.status);
    for (const name of [
      'x-method',
      'content-type',
      'content-encoding',
      'vary',
      'cache-control',
      'content-security-policy',
    ])
      expect(head.headers[name], name).toEqual(get.headers[name]);
    expect(get.headers['x-method']).toBe('GET');
    expect(get.headers['content-encoding']).toBe('br');
    const logged = () => lines.filter((l) => l.msg === 'request' && l.path === '/besar');
    await vi.waitFor(() => expect(logged()).toHaveLength(2));
    expect(logged().map((l) => l.method)).toEqual(['GET', 'HEAD']);
  });

  it('compresses a rendered page with brotli in a 64 KB window, not zlib’s 4 MB', async () => {
    const res = await raw('/besar', 'GET', { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.body).toString()).toBe(`<p>${'saham '.repeat(800)}</p>`);
    // RFC 7932 §9.1: the stream's first bit is 0 for a window of 2^16 bytes; zlib's default (2^22) starts 1.
    expect(res.body[0]! & 1).toBe(0);
  });

  it('answers an anonymous research page kept in memory without the app: GET, HEAD, 304, brotli', async () => {
    // What the middleware keeps after rendering the page for an anonymous visitor (http-cache.ts).
    const url = new URL(`${base}/analisis?q=simpan`);
    const ctx = {
      url,
      request: new Request(url),
      cookies: { headers: () => [][Symbol.iterator]() },
      locals: {},
    } as unknown as APIContext;
    const script = 'document.body.dataset.kept = "1"';
    const hash = (js: string) => `'sha256-${createHash('sha256').update(js).digest('base64')}'`;
    const page = `<p>${'tersimpan '.repeat(300)}</p><script>${script}</script>`;
    // As Astro writes it: the hashes of the whole build, this page's own among them.
    const policy = `script-src 'self' ${hash('another page')} ${hash(script)}`;
    const appHeaders = { 'content-type': 'text/html', 'content-security-policy': policy };
    await requestContext.run({ requestId: 'render' }, () =>
      applyCachePolicy(ctx, new Response(page, { headers: appHeaders })),
    );
    const kept = (method: string, headers: Record<string, string> = {}) => raw('/analisis?q=simpan', method, headers);
    lines.length = 0;
    const get = await kept('GET');
    // The stand-in adapter would have answered `<p>analisis</p>`.
    expect(get.status).toBe(200);
    expect(get.body.toString()).toBe(page);
    expect(get.headers).toMatchObject({
      'content-type': 'text/html',
      // Narrowed to the page's own inline script, once, when it was kept.
      'content-security-policy': `script-src 'self' ${hash(script)}`,
      'x-content-type-options': 'nosniff',
      'cache-control': PUBLIC_CACHE_CONTROL,
      vary: 'Cookie, Accept-Encoding',
      'content-length': String(page.length),
      etag: expect.stringMatching(/^W\/"/),
    });
    const head = await kept('HEAD');
    expect(head.body.length).toBe(0);
    expect(head.headers).toEqual({ ...get.headers, date: head.headers.date });
    const br = await kept('GET', { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(page);
    expect(br.headers.etag).toBe(get.headers.etag);
    const again = await kept('GET', { 'if-none-match': String(get.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers['content-security-policy']).toBe(`script-src 'self' ${hash(script)}`);
    // A signed-in visitor is never answered from what was kept for anonymous ones.
    const member = await kept('GET', { cookie: 'authjs.session-token=x' });
    expect(member.body.toString()).toBe('<p>analisis</p>');
    // Found by path: an earlier test's line may come late on a busy machine.
    const logged = () => lines.filter((l) => l.msg === 'request' && l.path === '/analisis');
    await vi.waitFor(() => expect(logged()).toHaveLength(5));
    expect(logged().map((l) => [l.method, l.path, l.status])).toEqual([
      ['GET', '/analisis', 200],
      ['HEAD', '/analisis', 200],
      ['GET', '/analisis', 200],
      ['GET', '/analisis', 304],
      ['GET', '/analisis', 200],
    ]);
  });
});
