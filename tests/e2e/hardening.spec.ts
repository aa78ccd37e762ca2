/**
 * Stories of a hostile visitor against a server of our own (started here on a fresh embedded database
 * with demo data, so that nothing done here disturbs the other stories): oversized and mistyped bodies,
 * input that used to reach the database raw, and fuzzed input on every JSON and form endpoint.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { PAYMENT_AND_TELEGRAM_ENV, PORTS } from '../../playwright.config';
import { SPEC_SERVER_NODE_FLAGS } from './server-flags';
import { ruleOf, type RouteRule } from '../../src/server/http/routes';
import { claimAdmin, DEMO, DEMO_PASSWORD, expect, postSecondFactor, test } from './fixtures';
import { postChunked } from '../chunked-post';
import { getFrom, stallBodies } from '../stalled-bodies';
import { demoDataDir } from './demo-data';

// This spec starts servers of its own for its stories: they run in declaration order, in one worker.
test.describe.configure({ mode: 'default' });

const PORT = PORTS.hardeningServer;
const BASE = `http://127.0.0.1:${PORT}`;
const MB = 1024 * 1024;

interface Server {
  child: ChildProcess;
  log: () => string;
  /** Its data folder: a copy of the demo database, with the e2e pool of tests/e2e/fixtures.ts. */
  dataDir: string;
}

let server: Server;

async function startServer(): Promise<Server> {
  let log = '';
  const APP_NOW = '2026-11-20T10:00:00+07:00';
  // The cached demo database, copied: start.ts finds it loaded.
  const dataDir = await demoDataDir('telaah-hardening-', APP_NOW);
  // `npm start`'s bundled server (scripts/start.ts), without a TypeScript loader.
  const child = spawn(process.execPath, [...SPEC_SERVER_NODE_FLAGS, 'scripts/launch.mjs', 'start'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      APP_URL: BASE,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      NODE_ENV: 'test',
      AUTH_SECRET: 'e2e-secret-not-for-production-0123456789',
      APP_NOW,
      LOG_LEVEL: 'info',
      JOBS_INTERVAL_SECONDS: '0',
      SENTRY_DSN: '',
      ...PAYMENT_AND_TELEGRAM_ENV,
    },
  });
  child.stdout?.on('data', (d) => (log += String(d)));
  child.stderr?.on('data', (d) => (log += String(d)));
  await expect.poll(() => log, { timeout: 150_000, intervals: [500] }).toContain('Telaah is running');
  return { child, log: () => log, dataDir };
}

function rssBytes(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) * 1024;
}

/**
 * The server's RSS once it has stopped growing by itself: sampled every 250 ms until it has not risen for
 * a second (at most 10 s). A server that has just started may still grow by itself (its heap was collected
 * before it opened its port; its first requests fill caches). Once, in CI, 209 MB of growth fell inside the
 * window measured below, on the first attempt only, its cause not seen (2026-12-06).
 */
async function settledRss(pid: number): Promise<number> {
  const started = Date.now();
  let highest = rssBytes(pid);
  let quietSince = started;
  while (Date.now() - quietSince < 1_000 && Date.now() - started < 10_000) {
    await new Promise((r) => setTimeout(r, 250));
    const now = rssBytes(pid);
    if (now > highest + MB) quietSince = Date.now();
    highest = Math.max(highest, now);
  }
  return highest;
}

async function sendChunked(pathname: string, total: number, type: string): Promise<number> {
  return (await postChunked(`${BASE}${pathname}`, total, { 'content-type': type, origin: BASE })).status;
}

/** The route files that read a body (a POST, PUT, PATCH or DELETE handler, or a page reading a POST). */
function bodyTakingRouteFiles(dir = 'src/pages'): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return bodyTakingRouteFiles(p);
    const src = readFileSync(p, 'utf8');
    return /export const (POST|PUT|PATCH|DELETE)\b|request\.method === 'POST'/.test(src) ? [p] : [];
  });
}

/** The route pattern of a file under src/pages (`src/pages/admin/anggota/[id].astro` → `/admin/anggota/[id]`). */
const patternOfFile = (file: string) =>
  file
    .replace(/^src\/pages/, '')
    .replace(/\.(ts|astro)$/, '')
    .replace(/\/index$/, '') || '/';

/** A value for each parameter of a route that takes a body. */
const SAMPLE_PARAMS: Record<string, string> = {
  id: '00000000-0000-4000-8000-000000000000',
  kode: 'BBCA',
  courseId: 'dasar-investasi-saham',
};

/** A content type the route policy says the route accepts. */
function acceptedType(rule: RouteRule): string {
  if (rule.kind === 'tunnel') return 'application/x-sentry-envelope';
  if (rule.accepts === 'form')
    return rule.body === 'import' ? 'multipart/form-data; boundary=x' : 'application/x-www-form-urlencoded';
  return rule.body === 'import' ? 'text/csv' : 'application/json';
}

/**
 * Every route that takes a body, from the route policy (src/server/routes.ts): its pattern with sample
 * parameters, and a content type it accepts. A route file the policy does not know has no type ('').
 */
const BODY_ROUTES: [path: string, type: string][] = bodyTakingRouteFiles().map((file) => {
  const pattern = patternOfFile(file);
  const rule = ruleOf(pattern);
  return [
    pattern.replace(/\[([^\]]+)\]/g, (_, p: string) => SAMPLE_PARAMS[p] ?? `[${p}]`),
    rule ? acceptedType(rule) : '',
  ];
});

/** The cookies of a response's Set-Cookie headers, as a Cookie header. */
const cookiesOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

async function signInCookie(email: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await fetch(`${BASE}/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: BASE },
    body: new URLSearchParams({ email, password }),
    redirect: 'manual',
  });
  expect(res.status).toBe(303);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return cookie;
}

/** The session cookie of an admin of the story's own, from the server's pool, past both factors. */
async function adminCookie(): Promise<string> {
  const admin = claimAdmin(server.dataDir);
  const cookie = await signInCookie(admin.email, admin.password);
  await postSecondFactor(BASE, cookie, admin.totpSecret);
  return cookie;
}

test.describe('pengunjung yang berniat jahat', () => {
  test.describe.configure({ timeout: 300_000 });
  test.beforeAll(async () => {
    test.setTimeout(200_000);
    server = await startServer();
  });
  test.afterAll(() => server?.child.kill());

  test('setiap rute yang menerima isi terdaftar di daftar uji', () => {
    expect(BODY_ROUTES.length).toBeGreaterThan(10);
    // Each has an entry in the route policy (a content type) and a sample for each of its parameters.
    for (const [route, type] of BODY_ROUTES) {
      expect(type, route).not.toBe('');
      expect(route, route).not.toContain('[');
    }
  });

  test('50 MB beruntun ke setiap rute dijawab 413 tanpa menambah memori server lebih dari 50 MB', async () => {
    const pid = server.child.pid!;
    // Warm the routes up first, so that their first-use cost is not counted as growth.
    for (const [route, type] of BODY_ROUTES) await sendChunked(route, 1024, type);
    const before = await settledRss(pid);
    let peak = before;
    // Where the RSS rose most, named when the story fails.
    let jump = { route: '', bytes: 0 };
    for (const [route, type] of BODY_ROUTES) {
      const at = rssBytes(pid);
      expect(await sendChunked(route, 50 * MB, type), route).toBe(413);
      const after = rssBytes(pid);
      if (after - at > jump.bytes) jump = { route, bytes: after - at };
      peak = Math.max(peak, after);
    }
    const four = await Promise.all(
      Array.from({ length: 4 }, () => sendChunked('/api/webhooks/midtrans', 50 * MB, 'application/json')),
    );
    expect(four).toEqual([413, 413, 413, 413]);
    peak = Math.max(peak, rssBytes(pid));
    const growth = `${((peak - before) / MB).toFixed(1)} MB, most at ${jump.route} (+${(jump.bytes / MB).toFixed(1)} MB)`;
    test.info().annotations.push({ type: 'rss-growth', description: growth });
    expect(peak - before, growth).toBeLessThan(50 * MB);
  });

  test('isi JSON ke halaman formulir dijawab 415 tanpa log kesalahan', async () => {
    const cookie = await adminCookie();
    const from = server.log().length;
    for (const route of [
      '/sign-in',
      '/sign-up',
      '/settings/account',
      '/settings/notification',
      '/portofolio/transaksi',
      '/pay',
      '/telegram',
      '/starting-guide/rekomendasi-saya',
      '/api/impersonate/start',
    ]) {
      const res = await fetch(`${BASE}${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: BASE, cookie },
        body: '{}',
      });
      expect(res.status, route).toBe(415);
    }
    expect(server.log().slice(from)).not.toContain('server error');
  });

  test('NUL di nama saat mendaftar dijawab 400 dan hash kata sandi tidak pernah masuk log', async () => {
    const res = await fetch(`${BASE}/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: BASE },
      body: 'name=Nu%00ll&email=x1%40example.test&password=Sangat-Rahasia-PW-1',
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('Kolom &quot;name&quot;');
    const named = await fetch(`${BASE}/api/portfolio/portfolios`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: await signInCookie(DEMO.premium) },
      body: JSON.stringify({ name: 'Porto\u0000folio' }),
    });
    expect(named.status).toBe(400);
    expect(server.log()).not.toContain('$argon2');
  });

  test('fuzz: tidak ada jawaban 5xx dari endpoint JSON dan formulir mana pun', async () => {
    test.setTimeout(240_000);
    const admin = await adminCookie();
    const text = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.string({ unit: 'binary', maxLength: 30 }),
      fc.bigInt({ min: -(10n ** 25n), max: 10n ** 25n }).map(String),
      fc.double().map(String),
      fc.constantFrom('', '0', '-1', '1e19', 'NaN', '2026-02-30', '31/12/9999', 'BBCA', 'beli', 'jual', 'lot', 'on'),
    );
    const json = fc.oneof(
      text,
      fc.integer(),
      fc.double(),
      fc.constantFrom(1e19, -1e19, Number.MAX_SAFE_INTEGER + 2, true, false, null),
      fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
      fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
    );
    const fieldsOf = (names: string[], value: fc.Arbitrary<unknown>) =>
      fc.record(Object.fromEntries(names.map((n) => [n, value])), { requiredKeys: [] });
    const tx = ['portfolioId', 'date', 'ticker', 'type', 'shares', 'lots', 'quantity', 'unit', 'price', 'fee'];
    const pf = ['name', 'buyPct', 'sellPct', 'dividendTaxPct', 'feesInAverage'];
    const someId = '00000000-0000-4000-8000-000000000000';
    const endpoints: { method: string; path: string; form: boolean; body: fc.Arbitrary<Record<string, unknown>> }[] = [
      { method: 'POST', path: '/api/portfolio/transactions', form: false, body: fieldsOf(tx, json) },
      { method: 'PATCH', path: `/api/portfolio/transactions/${someId}`, form: false, body: fieldsOf(tx, json) },
      { method: 'POST', path: '/api/portfolio/portfolios', form: false, body: fieldsOf(pf, json) },
      { method: 'PATCH', path: `/api/portfolio/portfolios/${someId}`, form: false, body: fieldsOf(pf, json) },
      {
        method: 'POST',
        path: '/api/courses/progress',
        form: false,
        body: fieldsOf(['courseId', 'lesson', 'done'], json),
      },
      {
        method: 'POST',
        path: '/api/webhooks/midtrans',
        form: false,
        body: fieldsOf(['order_id', 'status_code', 'gross_amount', 'signature_key', 'transaction_status'], json),
      },
      {
        method: 'POST',
        path: '/portofolio/transaksi',
        form: true,
        body: fieldsOf(['intent', ...tx, ...pf, 'id'], text),
      },
      {
        method: 'POST',
        path: '/settings/account',
        form: true,
        body: fc.record(
          {
            intent: fc.constantFrom('name', 'email', 'password', 'x'),
            name: text,
            email: text,
            currentPassword: text,
            newPassword: text,
          },
          { requiredKeys: ['intent'] },
        ),
      },
      {
        method: 'POST',
        path: '/settings/notification',
        form: true,
        body: fieldsOf(['email', 'telegram', 'analisis', 'x'], text),
      },
      { method: 'POST', path: '/pay', form: true, body: fieldsOf(['plan', 'provider'], text) },
      {
        method: 'POST',
        path: '/pay',
        form: true,
        body: fc.record(
          { intent: fc.constant('gift'), plan: text, provider: text, recipientEmail: text, giftMessage: text },
          {
            requiredKeys: ['intent'],
          },
        ),
      },
      { method: 'POST', path: '/hadiah?t=AAAA', form: true, body: fieldsOf(['intent', 't'], text) },
      {
        method: 'POST',
        path: '/settings/membership',
        form: true,
        body: fieldsOf(['intent', 'giftId', 'recipientEmail'], text),
      },
      { method: 'POST', path: '/telegram', form: true, body: fieldsOf(['intent'], text) },
      {
        method: 'POST',
        path: '/starting-guide/rekomendasi-saya',
        form: true,
        body: fieldsOf(['q1', 'q2', 'q3', 'horizon', 'x'], text),
      },
      { method: 'POST', path: '/courses/dasar-investasi-saham', form: true, body: fieldsOf(['lesson', 'done'], text) },
      { method: 'POST', path: '/api/impersonate/start', form: true, body: fieldsOf(['memberId'], text) },
      { method: 'POST', path: '/api/notifications/unsubscribe', form: true, body: fieldsOf(['u', 'e', 't'], text) },
      { method: 'POST', path: '/sign-up', form: true, body: fieldsOf(['name', 'email', 'password'], text) },
      { method: 'POST', path: '/sign-in', form: true, body: fieldsOf(['email', 'password', 'callbackUrl'], text) },
    ];
    const from = server.log().length;
    for (const e of endpoints) {
      await fc.assert(
        fc.asyncProperty(e.body, async (body) => {
          const res = await fetch(`${BASE}${e.path}`, {
            method: e.method,
            redirect: 'manual',
            headers: {
              origin: BASE,
              cookie: e.path.startsWith('/sign-') ? '' : admin,
              'content-type': e.form ? 'application/x-www-form-urlencoded' : 'application/json',
            },
            body: e.form
              ? new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)]))
              : JSON.stringify(body),
          });
          await res.arrayBuffer();
          expect(res.status, `${e.method} ${e.path} ${JSON.stringify(body)}`).toBeLessThan(500);
        }),
        { numRuns: 12, seed: 15 },
      );
    }
    expect(server.log().slice(from)).not.toContain('"level":"error"');
  });

  test('POST /api/auth/signout milik Auth.js mengakhiri sesi di server, bukan hanya cookie-nya', async () => {
    const session = await signInCookie(DEMO.reguler);
    const csrf = await fetch(`${BASE}/api/auth/csrf`, { headers: { cookie: session } });
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const out = await fetch(`${BASE}/api/auth/signout`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: BASE,
        cookie: `${session}; ${cookiesOf(csrf)}`,
      },
      body: new URLSearchParams({ csrfToken }),
      redirect: 'manual',
    });
    expect(out.status).toBeLessThan(400);
    // The attacker kept a copy of the cookie: it opens nothing any more.
    for (const url of ['/portofolio/all', '/settings/account', '/api/portfolio/holdings']) {
      const res = await fetch(`${BASE}${url}`, { headers: { cookie: session }, redirect: 'manual' });
      expect(res.status, url).not.toBe(200);
    }
  });

  test('tulisan JSON tanpa Origin situs ini dijawab 403', async () => {
    const cookie = await signInCookie(DEMO.premium);
    const create = (headers: Record<string, string>) =>
      fetch(`${BASE}/api/portfolio/portfolios`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, ...headers },
        body: JSON.stringify({ name: 'Tanpa Origin' }),
      });
    expect((await create({})).status).toBe(403);
    expect((await create({ origin: 'https://evil.example' })).status).toBe(403);
    expect((await create({ origin: BASE })).status).toBe(201);
  });

  test('format=constructor dan format=__proto__ pada laporan tahunan dijawab 400', async () => {
    const cookie = await signInCookie(DEMO.premium);
    for (const format of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      const res = await fetch(`${BASE}/api/portfolio/reports/annual?year=2025&format=${format}`, {
        headers: { cookie },
      });
      expect(res.status, format).toBe(400);
      expect(res.headers.get('content-type'), format).toContain('application/json');
    }
    const sso = await fetch(`${BASE}/sso-callback?error=constructor`);
    expect(await sso.text()).not.toContain('native code');
    for (const rentang of ['constructor', '__proto__', 'toString']) {
      const compare = await fetch(`${BASE}/analisis/banding?kode=BBCA,BBRI&rentang=${rentang}`);
      expect(compare.status, rentang).toBe(200);
    }
  });

  test('multipart rusak ke /api/impersonate/start dijawab 400, bukan 500', async () => {
    const cookie = await adminCookie();
    const from = server.log().length;
    for (const body of ['--x\r\nContent-Disposition: form-data; name="memberId"\r\n\r\nabc', 'bukan multipart', '']) {
      const res = await fetch(`${BASE}/api/impersonate/start`, {
        method: 'POST',
        headers: { 'content-type': 'multipart/form-data; boundary=x', origin: BASE, cookie },
        body,
        redirect: 'manual',
      });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(server.log().slice(from)).not.toContain('"status":500');
  });

  test('isi non-JSON ke endpoint JSON dijawab 415, umpan bersarang dalam dijawab 400', async () => {
    const cookie = await signInCookie(DEMO.premium);
    const post = (type: string, body: string) =>
      fetch(`${BASE}/api/portfolio/portfolios`, {
        method: 'POST',
        headers: { 'content-type': type, origin: BASE, cookie },
        body,
        signal: AbortSignal.timeout(10_000),
      });
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/octet-stream']) {
      const res = await post(type, '{"name":"a\\u0000b"}');
      expect(res.status, type).toBe(415);
    }
    const decoy = `{"x":${'['.repeat(20_000)}${']'.repeat(20_000)},"name":"a\\u0000b"}`;
    const deep = await post('application/json', decoy);
    expect(deep.status).toBe(400);
    const nested = await post('application/json', `{"x":${'['.repeat(100)}${']'.repeat(100)},"name":"Nested"}`);
    expect(nested.status).toBe(400);
    expect(server.log()).not.toContain('"status":500');
  });

  test('2 000 isi yang macet dari satu alamat: RSS tetap terkendali dan alamat lain tetap dijawab', async () => {
    test.setTimeout(120_000);
    const pid = server.child.pid!;
    const before = rssBytes(pid);
    let peak = before;
    const attack = await stallBodies({
      host: '127.0.0.1',
      port: PORT,
      from: '127.0.0.3',
      path: '/api/webhooks/midtrans',
      connections: 2_000,
      bodyBytes: 1_040_000,
      declaredBytes: 1_048_000,
    });
    let slowest = 0;
    try {
      // While the attack holds its connections, another address is answered, repeatedly. Each answer must
      // come (a stalled socket never goes idle for 30 s); how fast is recorded, not asserted: on a loaded
      // 2-core CI machine, with the attacker's 2 000 sockets in this same process, a render took 5–9 s
      // where a quiet machine takes well under one.
      for (let i = 0; i < 10; i++) {
        peak = Math.max(peak, rssBytes(pid));
        const started = performance.now();
        expect(await getFrom('127.0.0.2', `${BASE}/analisis`, 30_000)).toBe(200);
        slowest = Math.max(slowest, performance.now() - started);
        await new Promise((r) => setTimeout(r, 300));
      }
      peak = Math.max(peak, rssBytes(pid));
      const answered = attack.statuses();
      const summary = `RSS ${(before / MB).toFixed(0)} → peak ${(peak / MB).toFixed(0)} MB; slowest other-address answer ${Math.round(slowest)} ms; answers ${JSON.stringify(answered)}`;
      console.log(`stalled bodies: ${summary}`);
      test.info().annotations.push({ type: 'stalled-bodies', description: summary });
      expect(peak - before).toBeLessThan(200 * MB);
      // Most were turned away at once, with a time to come back.
      expect((answered['429'] ?? 0) + (answered['503'] ?? 0)).toBeGreaterThan(1_500);
    } finally {
      attack.close();
    }
  });
});
