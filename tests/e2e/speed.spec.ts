/**
 * Serving for speed without giving anything away: compression when the client accepts it, validators
 * and 304s for public research pages, and no shared caching of anything that depends on the viewer.
 */
import { request as apiRequest, type APIRequestContext } from '@playwright/test';
import { existsSync, readdirSync } from 'node:fs';
import { get, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync } from 'node:zlib';
import { demoAnalyses, htmlText } from './analyses';
import { DEMO, expect, freshMember, signInByPost, signOut, test } from './fixtures';
import { ROUTES } from './routes';

const PUBLIC_RESEARCH = ['/analisis', '/analisis/BBCA', '/api/emiten/BBCA/harga'];

/** A GET whose body is returned as sent (fetch and Playwright decode compressed bodies). */
function rawGet(
  url: URL,
  headers: Record<string, string>,
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

/** A HEAD, answered as sent. */
function rawHead(url: URL, headers: Record<string, string>): Promise<{ status: number; headers: IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: 'HEAD', headers }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers }));
    });
    req.on('error', reject).end();
  });
}

/** Headers that describe the connection or the moment, not the resource: left out of the HEAD/GET comparison. */
const PER_MESSAGE = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'set-cookie']);

/** What a HEAD must repeat of the GET: the status, every header about the resource, the names of cookies set. */
function described(res: { status: number; headers: IncomingHttpHeaders }) {
  const headers = Object.fromEntries(Object.entries(res.headers).filter(([name]) => !PER_MESSAGE.has(name)));
  // A page with a server island hashes its encrypted (per-request) props into the policy: the directives
  // and the number of hashes are the resource's, the hashes themselves the message's.
  const csp = headers['content-security-policy'];
  if (typeof csp === 'string') headers['content-security-policy'] = csp.replace(/'sha256-[^']+'/g, "'sha256'");
  const cookies = (res.headers['set-cookie'] ?? []).map((c) => c.split('=')[0]).sort();
  return { status: res.status, headers, cookies };
}

/** Every pre-rendered page of the build, by its URL. */
function prerenderedPages(dir = 'dist/client', url = ''): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory() && !entry.name.startsWith('_'))
      out.push(...prerenderedPages(`${dir}/${entry.name}`, `${url}/${entry.name}`));
    else if (entry.name === 'index.html') out.push(url || '/');
  }
  return out;
}

test('halaman dan aset dikirim terkompresi bila peramban menerimanya', async ({ request, baseURL }) => {
  for (const path of ['/', '/analisis', '/analisis/BBCA', '/api/emiten/BBCA/harga', '/sign-in']) {
    const br = await request.get(path, { headers: { 'accept-encoding': 'br' } });
    expect(br.headers()['content-encoding'], path).toBe('br');
    expect(br.headers()['vary'] ?? '', path).toMatch(/accept-encoding/i);
  }
  const gzip = await request.get('/analisis', { headers: { 'accept-encoding': 'gzip' } });
  expect(gzip.headers()['content-encoding']).toBe('gzip');
  const plain = await request.get('/analisis', { headers: { 'accept-encoding': 'identity' } });
  expect(plain.headers()['content-encoding']).toBeUndefined();
  expect(await plain.text()).toContain('BBCA');

  // A script of the landing page comes from the build's pre-compressed copy, and decodes to the file.
  const html = await (await request.get('/')).text();
  const script = /<script[^>]+src="(\/_astro\/[^"]+\.js)"/.exec(html)?.[1];
  expect(script, 'the landing page loads a bundled script').toBeTruthy();
  const raw = await rawGet(new URL(script!, baseURL), { 'accept-encoding': 'br' });
  expect(raw.headers['content-encoding']).toBe('br');
  expect(raw.headers['cache-control']).toContain('immutable');
  const identity = await request.get(script!, { headers: { 'accept-encoding': 'identity' } });
  expect(raw.body.length).toBeLessThan((await identity.body()).length);
  const decoded = brotliDecompressSync(raw.body);
  expect(decoded.equals(await identity.body())).toBe(true);
});

test('halaman riset publik memberi ETag dan 304 bila tidak berubah', async ({ request }) => {
  for (const path of PUBLIC_RESEARCH) {
    const first = await request.get(path);
    expect(first.status(), path).toBe(200);
    expect(first.headers()['cache-control'], path).toBe('public, max-age=0, stale-while-revalidate=60');
    const etag = first.headers()['etag'];
    expect(etag, path).toMatch(/^W\/".+"$/);
    const again = await request.get(path, { headers: { 'if-none-match': etag! } });
    expect(again.status(), path).toBe(304);
    expect(await again.text(), path).toBe('');
    const other = await request.get(path, { headers: { 'if-none-match': 'W/"lain"' } });
    expect(other.status(), path).toBe(200);
  }
});

test('HEAD memberi status dan header yang sama dengan GET di setiap halaman publik', async ({ request, baseURL }) => {
  test.slow();
  const fromSitemaps: string[] = [];
  for (const map of ['pages', 'analisis', 'emiten']) {
    const xml = await (await request.get(`/sitemap-${map}.xml`)).text();
    for (const [, loc] of xml.matchAll(/<loc>([^<]+)<\/loc>/g)) fromSitemaps.push(new URL(loc!).pathname);
  }
  expect(fromSitemaps.length).toBeGreaterThan(20);
  const paths = new Set([
    ...prerenderedPages(),
    ...fromSitemaps,
    ...ROUTES.filter((r) => r.access === 'public').map((r) => r.path),
    ...demoAnalyses().map((a) => a.url),
    ...PUBLIC_RESEARCH,
    ...['/robots.txt', '/sitemap-index.xml', '/analisis/rss.xml', '/api/emiten.json', '/manifest.webmanifest'],
    ...['/favicon.svg', '/halaman-yang-tidak-ada', '/courses/tidak-ada'],
  ]);
  let validated = 0;
  for (const path of paths) {
    const url = new URL(path, baseURL);
    for (const encoding of ['br, gzip', 'identity']) {
      const headers = { 'accept-encoding': encoding };
      // HEAD first: a page that is rendered and kept on its first request must say the same both ways.
      const head = await rawHead(url, headers);
      const got = await rawGet(url, headers);
      const label = `${path} (${encoding})`;
      expect(described(head), label).toEqual(described(got));
      if (head.headers['content-length'] !== undefined)
        expect(Number(head.headers['content-length']), label).toBe(got.body.length);
      const etag = got.headers['etag'];
      if (!etag) continue;
      validated++;
      const again = { ...headers, 'if-none-match': etag };
      const [head304, get304] = [await rawHead(url, again), await rawGet(url, again)];
      expect(get304.status, label).toBe(304);
      expect(described(head304), label).toEqual(described(get304));
    }
  }
  // The pre-rendered pages and the public research pages carry validators.
  expect(validated).toBeGreaterThan(2 * 20);
});

/** A page the build pre-rendered: the same file for everyone, holding nothing gated. */
const prerendered = (path: string) => existsSync(`dist/client${path}/index.html`);

/** Every on-demand route of the brief, plus the research pages and member APIs. */
function ssrPaths(): string[] {
  const analyses = demoAnalyses().map((a) => a.url);
  return [
    ...ROUTES.filter((r) => !r.prerendered && !prerendered(r.path.split('?')[0]!)).map((r) => r.path),
    ...analyses,
    '/api/portfolio/holdings',
    '/api/portfolio/metrics',
    '/api/membership/current',
  ];
}

async function cacheControls(request: APIRequestContext, paths: string[]): Promise<[string, string][]> {
  const out: [string, string][] = [];
  for (const path of paths) {
    const res = await request.get(path, { maxRedirects: 0 });
    out.push([path, res.headers()['cache-control'] ?? '(none)']);
  }
  return out;
}

test('tidak ada halaman anggota atau berjenjang yang boleh disimpan cache bersama', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const paths = ssrPaths();
  const anonymous = await apiRequest.newContext({ baseURL });
  for (const [path, cc] of await cacheControls(anonymous, paths)) {
    if (PUBLIC_RESEARCH.includes(path)) expect(cc, path).toContain('public');
    else expect(cc, `${path} (tamu)`).not.toContain('public');
  }
  await anonymous.dispose();
  for (const who of [DEMO.premium, DEMO.gratis]) {
    // Requests only: signed in by posting the form, signed out by dropping the cookies.
    await signInByPost(page, who);
    for (const [path, cc] of await cacheControls(page.request, paths)) {
      expect(cc, `${path} (${who})`).not.toContain('public');
      expect(cc, `${path} (${who})`).toContain('private');
    }
    await page.context().clearCookies();
  }
});

test('premium lalu gratis membaca analisis yang sama: teks berjenjang tidak bocor lewat cache', async ({ page }) => {
  const premiumOnly = demoAnalyses().filter((a) => a.tier === 'premium');
  expect(premiumOnly.length).toBeGreaterThan(0);
  // Requests only, as one browser would send them: signed in by posting the form, signed out by dropping the
  // cookies (the sign-out itself is the portfolio story's below).
  await signInByPost(page, DEMO.premium);
  for (const a of premiumOnly) {
    const res = await page.request.get(a.url);
    const text = htmlText(await res.text());
    for (const hidden of a.hidden) expect(text, `premium ${a.url}`).toContain(hidden);
    expect(res.headers()['cache-control']).toBe('private, no-store');
  }
  await page.context().clearCookies();
  await signInByPost(page, DEMO.gratis);
  for (const a of premiumOnly) {
    // The same URL again, as a browser revalidating what it had would ask, and as a plain request.
    for (const headers of [{}, { 'if-none-match': '*' }] as Record<string, string>[]) {
      const res = await page.request.get(a.url, { headers });
      expect(res.status(), `gratis ${a.url}`).toBe(200);
      const body = await res.text();
      expect(htmlText(body), `gratis ${a.url}`).toContain(a.teaser);
      for (const hidden of a.hidden) expect(body, `gratis ${a.url}`).not.toContain(hidden);
    }
  }
  await page.context().clearCookies();
  // And a visitor, whose teaser the server keeps in memory, never gets the premium text either.
  for (const a of premiumOnly) {
    const body = await page.request.get(a.url).then((r) => r.text());
    for (const hidden of a.hidden) expect(body, `tamu ${a.url}`).not.toContain(hidden);
  }
});

test('halaman portofolio yang disimpan di memori mengikuti setiap perubahan dan hanya untuk pemiliknya', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  await freshMember(page);
  const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
  const asOwner = (path: string, headers: Record<string, string> = {}) =>
    rawGet(new URL(path, baseURL), { cookie, ...headers });
  const heldTickers = async () => {
    const res = await asOwner('/api/portfolio/holdings');
    expect(res.status).toBe(200);
    return (JSON.parse(res.body.toString()) as { holdings: { ticker: string }[] }).holdings.map((h) => h.ticker);
  };
  const buy = async (ticker: string) => {
    const res = await page.request.post('/api/portfolio/transactions', {
      headers: { origin: baseURL! },
      data: { ticker, date: '2026-11-02', type: 'buy', shares: 100, price: 3_000, priceConfirmed: '1' },
    });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { transaction: { id: string } }).transaction.id;
  };

  await buy('BBCA');
  // Asked twice and more: the repeats come from memory, and must be the same page with the same headers.
  for (let i = 0; i < 3; i++) {
    expect(await heldTickers()).toEqual(['BBCA']);
    const res = await asOwner('/portofolio/all');
    expect(res.status).toBe(200);
    expect(res.body.toString()).toContain('/portofolio/saham/BBCA');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-security-policy']).toBeTruthy();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  }
  const plain = await asOwner('/portofolio/all');
  const br = await asOwner('/portofolio/all', { 'accept-encoding': 'br' });
  expect(br.headers['content-encoding']).toBe('br');
  expect(brotliDecompressSync(br.body).toString()).toBe(plain.body.toString());

  // A write shows on the very next request, on the page and through the API, and so does its undoing.
  const tlkm = await buy('TLKM');
  expect((await heldTickers()).sort()).toEqual(['BBCA', 'TLKM']);
  expect((await asOwner('/portofolio/all')).body.toString()).toContain('/portofolio/saham/TLKM');
  const removed = await page.request.delete(`/api/portfolio/transactions/${tlkm}`, { headers: { origin: baseURL! } });
  expect(removed.status(), await removed.text()).toBeLessThan(300);
  expect(await heldTickers()).toEqual(['BBCA']);
  expect((await asOwner('/portofolio/all')).body.toString()).not.toContain('/portofolio/saham/TLKM');

  // Another member asking the same URLs gets their own (empty) portfolio.
  const other = await browser.newContext({ baseURL });
  const otherPage = await other.newPage();
  await freshMember(otherPage);
  const theirs = await otherPage.request.get('/api/portfolio/holdings');
  expect(((await theirs.json()) as { holdings: unknown[] }).holdings).toEqual([]);
  const theirPage = await (await otherPage.request.get('/portofolio/all')).text();
  expect(theirPage).toContain('Portofolio Anda masih kosong');
  expect(theirPage).not.toContain('/portofolio/saham/BBCA');
  await other.close();

  // Signed out, the old cookie opens nothing, though its pages are still in memory.
  await signOut(page);
  for (const path of ['/portofolio/all', '/api/portfolio/holdings']) {
    const res = await asOwner(path);
    expect(res.status, path).not.toBe(200);
    expect(res.body.toString(), path).not.toContain('/portofolio/saham/BBCA');
  }
});
