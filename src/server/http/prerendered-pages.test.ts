import { createHash } from 'node:crypto';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wrapHandler } from './node-server';
import { loadPrerenderedPages, matchesEtag } from './prerendered-pages';

const hash = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
const HOME_SCRIPT = 'document.title = "Telaah"';
const COURSES_SCRIPT = 'document.title = "Kursus"';
const COURSES = `<!doctype html><title>Kursus</title><script>${COURSES_SCRIPT}</script><main>${'Belajar membaca laporan keuangan. '.repeat(100)}</main>`;
const HOME = `<!doctype html><title>Telaah</title><script>${HOME_SCRIPT}</script>`;
// As Astro writes them: every page's policy lists the inline scripts of the whole build.
const BUILD_POLICY = `script-src 'self' ${hash(HOME_SCRIPT)} ${hash(COURSES_SCRIPT)}`;
const CSP = new Map([
  ['/', BUILD_POLICY],
  ['/courses', BUILD_POLICY],
]);
/** Each page's policy narrowed to its own inline script. */
const HOME_POLICY = `script-src 'self' ${hash(HOME_SCRIPT)}`;
const COURSES_POLICY = `script-src 'self' ${hash(COURSES_SCRIPT)}`;

let client: string;
let server: Server;
let base: string;
/** Requests that reached the app behind the fast path. */
const reachedApp: string[] = [];

function page(dir: string, html: string, compressed: boolean): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), html);
  if (!compressed) return;
  writeFileSync(path.join(dir, 'index.html.br'), brotliCompressSync(html));
  writeFileSync(path.join(dir, 'index.html.gz'), gzipSync(html));
}

beforeAll(async () => {
  client = mkdtempSync(path.join(tmpdir(), 'telaah-client-'));
  page(client, HOME, false);
  page(path.join(client, 'courses'), COURSES, true);
  // No policy for it: left to the adapter, which gives it the fallback policy.
  page(path.join(client, 'offline'), HOME, false);
  page(path.join(client, '_astro', 'chunk'), HOME, false);
  const pages = loadPrerenderedPages(client, CSP, false);
  server = createServer(
    wrapHandler(
      (req, res) => {
        reachedApp.push(`${req.method} ${req.url}`);
        res.writeHead(418);
        res.end('aplikasi');
      },
      CSP,
      false,
      undefined,
      undefined,
      undefined,
      pages,
    ),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

function raw(
  pathname: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${pathname}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject).end();
  });
}

describe('pre-rendered pages from memory', () => {
  it('holds each page that has its own policy, by its exact path, and nothing under _astro/', () => {
    expect([...loadPrerenderedPages(client, CSP, false).keys()].sort()).toEqual(['/', '/courses']);
  });

  it('answers with the encoding the client accepts, the page policy and every security header', async () => {
    reachedApp.length = 0;
    const br = await raw('/courses', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(COURSES);
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.headers).toMatchObject({
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': COURSES_POLICY,
      'cache-control': 'public, max-age=0',
      vary: 'Accept-Encoding',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-frame-options': 'DENY',
      'cross-origin-opener-policy': 'same-origin-allow-popups',
    });
    expect(br.headers['permissions-policy']).toContain('camera=()');
    expect(br.headers['strict-transport-security']).toBeUndefined();
    expect(br.headers.etag).toMatch(/^W\/".{27}"$/);

    const gzip = await raw('/courses', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(COURSES);
    for (const refused of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const plain = await raw('/courses', refused ? { 'accept-encoding': refused } : {});
      expect(plain.headers['content-encoding'], refused).toBeUndefined();
      expect(plain.body.toString(), refused).toBe(COURSES);
      expect(plain.headers.etag, refused).toBe(br.headers.etag);
    }
    // A page without compressed copies is sent as it is, whatever the client accepts.
    const home = await raw('/', { 'accept-encoding': 'br' });
    expect(home.headers['content-encoding']).toBeUndefined();
    expect(home.body.toString()).toBe(HOME);
    expect(home.headers['content-security-policy']).toBe(HOME_POLICY);
    expect(reachedApp).toEqual([]);
  });

  it('answers 304 when If-None-Match names the page, and the page otherwise', async () => {
    const { headers } = await raw('/courses');
    const etag = headers.etag!;
    for (const ifNoneMatch of [etag, `"lain", ${etag}`, etag.slice(2), '*']) {
      const res = await raw('/courses', { 'if-none-match': ifNoneMatch, 'accept-encoding': 'br' });
      expect(res.status, ifNoneMatch).toBe(304);
      expect(res.body.length).toBe(0);
      expect(res.headers.etag).toBe(etag);
      expect(res.headers['cache-control']).toBe('public, max-age=0');
      expect(res.headers['content-security-policy']).toBe(COURSES_POLICY);
    }
    expect((await raw('/courses', { 'if-none-match': 'W/"lain"' })).status).toBe(200);
  });

  it('answers HEAD with the headers of the GET and no body', async () => {
    for (const headers of [{ 'accept-encoding': 'br' }, {}] as Record<string, string>[]) {
      const get = await raw('/courses', headers);
      const head = await raw('/courses', headers, 'HEAD');
      expect(head.status).toBe(200);
      expect(head.body.length).toBe(0);
      const { date: _g, ...fromGet } = get.headers;
      const { date: _h, ...fromHead } = head.headers;
      expect(fromHead).toEqual(fromGet);
    }
  });

  it('serves the exact path with any query, and leaves everything else to the app', async () => {
    reachedApp.length = 0;
    expect((await raw('/courses?utm_source=telegram')).body.toString()).toBe(COURSES);
    expect((await raw('/?ref=x')).body.toString()).toBe(HOME);
    for (const [p, method] of [
      ['/courses/', 'GET'],
      ['/courses/index.html', 'GET'],
      ['/offline', 'GET'],
    ] as const) {
      expect((await raw(p, {}, method)).status, `${method} ${p}`).toBe(418);
    }
    expect(reachedApp).toEqual(['GET /courses/', 'GET /courses/index.html', 'GET /offline']);
    // Any other method is never answered with the page (here the body checks refuse them before the app).
    for (const method of ['POST', 'OPTIONS', 'DELETE']) {
      const res = await raw('/courses', {}, method);
      expect(res.status, method).not.toBe(200);
      expect(res.body.toString(), method).not.toContain('Belajar');
    }
  });

  it('sends HSTS in production only', () => {
    const pages = loadPrerenderedPages(client, CSP, true);
    expect(pages.get('/')!.identity.head).toContain('strict-transport-security');
    expect(loadPrerenderedPages(client, CSP, false).get('/')!.identity.head).not.toContain('strict-transport-security');
  });
});

describe('If-None-Match', () => {
  it('compares weakly, in lists, and takes * for any page', () => {
    const etag = 'W/"abc"';
    expect(matchesEtag('W/"abc"', etag)).toBe(true);
    expect(matchesEtag('"abc"', etag)).toBe(true);
    expect(matchesEtag('"x" , W/"abc"', etag)).toBe(true);
    expect(matchesEtag('*', etag)).toBe(true);
    expect(matchesEtag('W/"abcd"', etag)).toBe(false);
    expect(matchesEtag('', etag)).toBe(false);
    expect(matchesEtag(undefined, etag)).toBe(false);
  });
});
