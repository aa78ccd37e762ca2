/**
 * More than one machine: two app servers (the production program, as `npm start` runs it) on one
 * PostgreSQL behind a small proxy that sends each request to the other server in turn. A member signs
 * in through one and carries on through the other; a market import into the shared database shows on
 * `/analisis` of both servers at once, although each keeps derived market views in memory. Each server
 * also keeps sessions, tiers and data versions in memory (docs/decisions/0044): a sign-out, "sign out
 * everywhere", a password change or a tier change through one server acts on the other within a second.
 *
 * PostgreSQL: TEST_DATABASE_URL (as for the database tests), else the local server's default database;
 * the story creates a database of its own and drops it afterwards.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PORTS } from '../../playwright.config';
import { SPEC_SERVER_NODE_FLAGS } from './server-flags';
import { htmlText } from './analyses';
import pg from 'pg';
import { DEMO, DEMO_ADMIN_TOTP_SECRET, DEMO_PASSWORD, expect, postSecondFactor, test } from './fixtures';
import { specDatabase } from '../postgres-databases';
import { cliArgs } from '../cli';

// This spec starts servers of its own for its stories: they run in declaration order, in one worker.
test.describe.configure({ mode: 'default' });

const PROXY = `http://127.0.0.1:${PORTS.twoServersProxy}`;
const APP_NOW = process.env.APP_NOW ?? '2026-11-20T10:00:00+07:00';
const database = specDatabase('two');

const serverEnv = (port: number): NodeJS.ProcessEnv => ({
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  APP_URL: PROXY,
  DATABASE_URL: database.url,
  DATA_DIR: mkdtempSync(path.join(tmpdir(), 'telaah-two-')),
  NODE_ENV: 'test',
  APP_NOW,
  AUTH_SECRET: 'two-servers-secret-not-for-production-0123',
  JOBS_INTERVAL_SECONDS: '0',
  LOG_LEVEL: 'error',
  SENTRY_DSN: '',
});

/** Starts `node scripts/launch.mjs start` (the bundled production server) and waits until it serves. */
async function startServer(port: number, args: string[] = []): Promise<ChildProcess> {
  let log = '';
  const child = spawn(process.execPath, [...SPEC_SERVER_NODE_FLAGS, 'scripts/launch.mjs', 'start', ...args], {
    env: serverEnv(port),
  });
  child.stdout?.on('data', (d) => (log += String(d)));
  child.stderr?.on('data', (d) => (log += String(d)));
  await expect.poll(() => log, { timeout: 90_000, message: 'server start-up' }).toContain('Telaah is running');
  return child;
}

/** Alternates requests between the two servers; tells which one answered in `x-served-by`. */
function startProxy(): Promise<Server> {
  const upstreams = [
    { name: 'a', port: PORTS.twoServersA },
    { name: 'b', port: PORTS.twoServersB },
  ];
  let next = 0;
  const proxy = createServer((req, res) => {
    const up = upstreams[next++ % upstreams.length]!;
    const forward = httpRequest(
      { host: '127.0.0.1', port: up.port, method: req.method, path: req.url, headers: req.headers },
      (upRes) => {
        res.writeHead(upRes.statusCode ?? 502, { ...upRes.headers, 'x-served-by': up.name });
        upRes.pipe(res);
      },
    );
    forward.on('error', () => res.writeHead(502).end());
    req.pipe(forward);
  });
  return new Promise((resolve) => proxy.listen(PORTS.twoServersProxy, '127.0.0.1', () => resolve(proxy)));
}

test.describe('dua server aplikasi di satu PostgreSQL', () => {
  test.describe.configure({ timeout: 240_000 });
  let a: ChildProcess;
  let b: ChildProcess;
  let proxy: Server;

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    // The database starts as a copy of the demo data (a template, loaded once): `--demo` finds it loaded.
    await database.createWithDemo(APP_NOW);
    a = await startServer(PORTS.twoServersA, ['--demo']);
    b = await startServer(PORTS.twoServersB);
    proxy = await startProxy();
  });

  test.afterAll(async () => {
    proxy?.close();
    for (const child of [a, b]) child?.kill('SIGTERM');
    await Promise.all([a, b].map((c) => (c && c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null)));
    await database.drop();
  });

  test('masuk lewat satu server, lanjut di server lain', async ({ page }) => {
    await page.goto(`${PROXY}/sign-in`);
    await page.getByLabel('Email', { exact: true }).fill(DEMO.premium);
    await page.getByLabel('Kata sandi', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Masuk', exact: true }).click();
    await expect(page).not.toHaveURL(/\/sign-in/);
    const servedBy = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const res = await page.request.get(`${PROXY}/portofolio/all`, { maxRedirects: 0 });
      expect(res.status()).toBe(200);
      servedBy.add(res.headers()['x-served-by'] ?? '');
      expect(htmlText(await res.text())).toContain('BBCA');
    }
    expect(servedBy).toEqual(new Set(['a', 'b']));
  });

  test('transaksi yang dicatat lewat satu server terlihat seketika di server lain', async ({ page }) => {
    // This spec's database is its own, so a demo account may write here.
    await page.goto(`${PROXY}/sign-in`);
    await page.getByLabel('Email', { exact: true }).fill(DEMO.reguler);
    await page.getByLabel('Kata sandi', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Masuk', exact: true }).click();
    await expect(page).not.toHaveURL(/\/sign-in/);
    // The page's own requests (server islands, the service worker) would shift the proxy's alternation.
    await page.goto('about:blank');
    // Both servers answer (and keep) the member's holdings before the write.
    const held = async () => {
      const out: Record<string, string[]> = {};
      for (let i = 0; i < 4 && Object.keys(out).length < 2; i++) {
        const res = await page.request.get(`${PROXY}/api/portfolio/holdings`);
        expect(res.status()).toBe(200);
        const body = (await res.json()) as { holdings: { ticker: string }[] };
        out[res.headers()['x-served-by']!] = body.holdings.map((h) => h.ticker).sort();
      }
      expect(Object.keys(out).sort()).toEqual(['a', 'b']);
      return out;
    };
    const before = await held();
    const ticker = ['ASII', 'UNVR', 'ICBP', 'TLKM', 'BBRI'].find((t) => !before.a!.includes(t))!;
    const added = await page.request.post(`${PROXY}/api/portfolio/transactions`, {
      headers: { origin: PROXY },
      // A price far from the day's range, so confirmed as the form's "Harga ini benar" would.
      data: { ticker, date: '2026-11-02', type: 'buy', shares: 100, price: 5_000, priceConfirmed: '1' },
    });
    expect(added.status(), await added.text()).toBe(201);
    // The member's data version after the write, which makes the other server wait for it if it has not
    // applied it yet (src/server/http/written-version.ts).
    expect(added.headers()['set-cookie']).toMatch(/telaah-dv=[0-9a-f-]{36}\.\d+;.*HttpOnly/i);
    for (const [name, tickers] of Object.entries(await held())) {
      expect(tickers, `server ${name}`).toEqual([...before[name]!, ticker].sort());
    }
  });

  test('impor data pasar terlihat seketika di /analisis kedua server', async ({ request }) => {
    const closeText = /Rp\s?1\.505\b/;
    const pages = async (p: string) => {
      const out: Record<string, string> = {};
      for (let i = 0; i < 2; i++) {
        const res = await request.get(`${PROXY}${p}`);
        expect(res.status()).toBe(200);
        out[res.headers()['x-served-by']!] = htmlText(await res.text());
      }
      expect(Object.keys(out).sort()).toEqual(['a', 'b']);
      return out;
    };
    // Both servers have rendered (and keep) the research pages before the import.
    const before = await pages('/analisis?q=BBCA&sektor=Keuangan');
    for (const text of Object.values(await pages('/analisis/BBCA'))) expect(text).not.toMatch(closeText);
    const bars = (await (await request.get(`${PROXY}/api/emiten/BBCA/harga`)).json()) as { bars: [string][] };
    const lastDate = bars.bars.at(-1)![0];

    const dir = mkdtempSync(path.join(tmpdir(), 'telaah-two-import-'));
    const file = path.join(dir, 'harga.csv');
    writeFileSync(file, `date,ticker,open,high,low,close,volume\n${lastDate},BBCA,1505,1505,1505,1505,1000\n`);
    const imported = spawnSync(process.execPath, cliArgs('market-import', '--kind', 'prices', '--keep-demo', file), {
      env: serverEnv(PORTS.twoServersProxy),
      encoding: 'utf8',
    });
    expect(imported.status, imported.stdout + imported.stderr).toBe(0);

    // The very next requests, one to each server, show the new close.
    const after = await pages('/analisis?q=BBCA&sektor=Keuangan');
    for (const name of ['a', 'b']) expect(after[name], `server ${name}`).not.toBe(before[name]);
    for (const [name, text] of Object.entries(await pages('/analisis/BBCA'))) expect(text, name).toMatch(closeText);
  });

  // Straight to one server or the other (not through the proxy), each request naming its own origin.
  const A = `http://127.0.0.1:${PORTS.twoServersA}`;
  const B = `http://127.0.0.1:${PORTS.twoServersB}`;
  const cookiesOf = (res: Response) =>
    res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
  const signInAt = async (base: string, email: string, password = DEMO_PASSWORD) => {
    const res = await fetch(`${base}/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
      body: new URLSearchParams({ email, password }),
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
    return cookiesOf(res);
  };
  const postForm = async (base: string, path: string, cookie: string, form: Record<string, string>) => {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base, cookie },
      body: new URLSearchParams(form),
      redirect: 'manual',
    });
    await res.arrayBuffer();
    return res.status;
  };
  const statusAt = async (base: string, cookie: string, p = '/portofolio/all') => {
    const res = await fetch(`${base}${p}`, { headers: { cookie }, redirect: 'manual' });
    await res.arrayBuffer();
    return res.status;
  };
  /** Both servers serve the page to the cookie, twice (the second from the member-pages cache). */
  const servedOnBoth = async (cookie: string) => {
    for (const base of [A, B, A, B]) expect(await statusAt(base, cookie), base).toBe(200);
  };
  /** Within one second of the write, server B no longer serves the cookie (asked every 50 ms). */
  const refusedOnBWithinASecond = (cookie: string) =>
    expect.poll(() => statusAt(B, cookie), { timeout: 1_000, intervals: [50] }).not.toBe(200);

  test('keluar di server A mengakhiri sesi di server B dalam satu detik', async () => {
    const cookie = await signInAt(A, DEMO.premium);
    await servedOnBoth(cookie);
    expect(await postForm(A, '/api/account/sign-out', cookie, {})).toBe(303);
    await refusedOnBWithinASecond(cookie);
    expect(await statusAt(A, cookie)).not.toBe(200);
  });

  test('"keluar dari semua perangkat" dan ganti kata sandi di server A berlaku di server B dalam satu detik', async () => {
    const here = await signInAt(A, DEMO.reguler);
    const there = await signInAt(B, DEMO.reguler);
    await servedOnBoth(there);
    expect(await postForm(A, '/settings/account', here, { intent: 'sign-out-everywhere' })).toBe(303);
    await refusedOnBWithinASecond(there);

    // A password change ends the member's other sessions (this spec's database is its own).
    const changer = await signInAt(A, DEMO.reguler);
    const other = await signInAt(B, DEMO.reguler);
    await servedOnBoth(other);
    const changed = await postForm(A, '/settings/account', changer, {
      intent: 'password',
      currentPassword: DEMO_PASSWORD,
      newPassword: 'kata-sandi-baru-dua-server',
    });
    expect(changed).toBeLessThan(400);
    await refusedOnBWithinASecond(other);
  });

  test('perubahan tier oleh admin di server A terlihat di server B dalam satu detik', async () => {
    const member = await signInAt(B, DEMO.gratis);
    const tierAt = async (base: string) =>
      (
        (await (await fetch(`${base}/api/membership/current`, { headers: { cookie: member } })).json()) as {
          tier: string;
        }
      ).tier;
    expect(await tierAt(B)).toBe('gratis');
    expect(await tierAt(A)).toBe('gratis');
    const admin = await signInAt(A, DEMO.admin);
    await postSecondFactor(A, admin, DEMO_ADMIN_TOTP_SECRET);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const { rows } = await client.query<{ id: string }>('select id from users where email = $1', [DEMO.gratis]);
    await client.end();
    const granted = await postForm(A, `/admin/anggota/${rows[0]!.id}`, admin, {
      intent: 'grant',
      tier: 'premium',
      days: '30',
      reason: 'uji dua server',
    });
    expect(granted).toBeLessThan(400);
    await expect.poll(() => tierAt(B), { timeout: 1_000, intervals: [50] }).toBe('premium');
    expect(await tierAt(A)).toBe('premium');
  });
});
