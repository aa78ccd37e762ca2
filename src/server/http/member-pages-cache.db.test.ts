import { createHash } from 'node:crypto';
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { brotliDecompressSync } from 'node:zlib';
import type { PGlite } from '@electric-sql/pglite';
import type { APIContext } from 'astro';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../../tests/db';
import { createUser } from '../../../tests/factories/users';
import { createTestPortfolio } from '../../../tests/factories/portfolio';
import { endSessionById, openSession } from '../auth/session-rows';
import { rememberClaims, sessionCookies, sessionUser, toViewer } from '../auth/session-user';
import { now } from '../clock';
import { setProcessDatabase } from '../db/client';
import { setVersionStore, VersionStore } from '../db/data-versions';
import { PRIVATE_CACHE_CONTROL } from './http-cache';
import { withMemberPagesCache } from './member-pages-cache';
import { wrapHandler } from './node-server';

// A stand-in for the app: anything it answers was not answered from memory.
function adapter(_req: IncomingMessage, res: ServerResponse): void {
  res.writeHead(404, { 'content-type': 'text/plain' });
  res.end('dari aplikasi');
}

let h: TestDb;
let store: VersionStore;
let server: Server;
let base: string;

beforeAll(async () => {
  h = await createTestDb();
  store = new VersionStore(
    h.databaseUrl
      ? { kind: 'postgres', url: h.databaseUrl }
      : {
          kind: 'pglite',
          listen: (channel, onPayload) => (h.db as unknown as { $client: PGlite }).$client.listen(channel, onPayload),
        },
  );
  setVersionStore(h.db, store);
  setProcessDatabase(h);
  for (let i = 0; i < 200 && !store.trusted(); i++) await new Promise((r) => setTimeout(r, 50));
  server = createServer(wrapHandler(adapter, new Map(), false));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await store.close();
  await h.close();
});

const raw = (method: string, headers: Record<string, string>) =>
  new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
    const req = request(`${base}/portofolio/all`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });

describe("a member's page kept in memory", { timeout: 60_000 }, () => {
  it('is rendered once for requests that come together, then answered by the Node server until the data or the session changes', async () => {
    const user = await createUser(h.db);
    const sessionId = await openSession(h.db, user.id);
    await store.sync();
    const claims = { userId: user.id, sessionId };
    // What the app does on the member's first request: decode the cookie, resolve the viewer.
    const cookie = `authjs.session-token=cookie-${sessionId}`;
    rememberClaims(sessionCookies(cookie), claims);
    const found = await sessionUser(h.db, claims, now());
    const url = new URL(`${base}/portofolio/all`);
    const ctx = {
      url,
      request: new Request(url),
      cookies: { headers: () => [][Symbol.iterator]() },
      locals: { viewer: toViewer(found!.user, found!.tier), actor: null, impersonationExpiresAt: null },
    } as unknown as APIContext;
    const script = 'document.body.dataset.milik = "1"';
    const hash = (js: string) => `'sha256-${createHash('sha256').update(js).digest('base64')}'`;
    const page = `<p>${'portofolio '.repeat(300)}</p><script>${script}</script>`;
    // As Astro writes it: the hashes of the whole build, this page's own among them.
    const policy = `script-src 'self' ${hash('another page')} ${hash(script)}`;
    let renders = 0;
    const render = async () => {
      renders++;
      await new Promise((r) => setTimeout(r, 50));
      return new Response(page, { headers: { 'content-type': 'text/html', 'content-security-policy': policy } });
    };
    const together = await Promise.all([1, 2, 3].map(() => withMemberPagesCache(ctx, render)));
    expect(renders).toBe(1);
    for (const response of together) {
      expect(await response.text()).toBe(page);
      // Narrowed to the page's own inline script, once, when it was kept.
      expect(response.headers.get('content-security-policy')).toBe(`script-src 'self' ${hash(script)}`);
    }

    const get = await raw('GET', { cookie });
    expect(get.status).toBe(200);
    expect(get.body.toString()).toBe(page);
    expect(get.headers).toMatchObject({
      'content-type': 'text/html',
      'content-security-policy': `script-src 'self' ${hash(script)}`,
      'x-content-type-options': 'nosniff',
      'cache-control': PRIVATE_CACHE_CONTROL,
      vary: 'Accept-Encoding',
      'content-length': String(page.length),
    });
    const head = await raw('HEAD', { cookie });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers).toEqual({ ...get.headers, date: head.headers.date });
    const br = await raw('GET', { cookie, 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(page);
    // Another visitor, or a cookie the app never decoded, is never answered from it.
    expect((await raw('GET', {})).status).toBe(404);
    expect((await raw('GET', { cookie: 'authjs.session-token=lain' })).status).toBe(404);
    expect(renders).toBe(1);

    // A write to the member's data: the page is rendered again (here: the stand-in app answers).
    await createTestPortfolio(h.db, user.id);
    await store.sync();
    expect((await raw('GET', { cookie })).status).toBe(404);
    // Kept again for the new data; then signed out: not answered from memory any more.
    await withMemberPagesCache(ctx, render);
    expect(renders).toBe(2);
    expect((await raw('GET', { cookie })).status).toBe(200);
    await endSessionById(h.db, sessionId);
    await store.sync();
    expect((await raw('GET', { cookie })).status).toBe(404);
  });
});
