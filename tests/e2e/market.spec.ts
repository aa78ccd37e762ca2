import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PORTS } from '../../playwright.config';
import { SPEC_SERVER_NODE_FLAGS } from './server-flags';
import { expect, test } from './fixtures';
import { migratedDataDir } from '../migrated-data-dir';
import { cliArgs, programArgs } from '../cli';

// This spec starts servers of its own for its stories: they run in declaration order, in one worker.
test.describe.configure({ mode: 'default' });

const run = promisify(execFile);
// A server of its own on a market that holds only generated emiten (no demo data).
const PORT = PORTS.wholeMarketServer;
const BASE = `http://127.0.0.1:${PORT}`;
const EMITEN = 60;

interface Emiten {
  ticker: string;
  name: string;
  sector: string;
}

test.describe('pasar penuh: setiap emiten dari data pasar', () => {
  test.describe.configure({ timeout: 600_000 });
  let server: ChildProcess | undefined;
  let log = '';
  let emiten: Emiten[] = [];
  const dirs: string[] = [];

  test.beforeAll(async () => {
    // Generating, importing and starting a server takes minutes on a loaded 2-core machine.
    test.setTimeout(600_000);
    const market = mkdtempSync(path.join(tmpdir(), 'telaah-market-'));
    const dataDir = await migratedDataDir('telaah-market-data-');
    dirs.push(market, dataDir);
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', APP_NOW: '2026-11-23T10:00:00+07:00' };
    const node = (args: string[]) => run(process.execPath, args, { env, maxBuffer: 1 << 24 });
    const generate = ['--emiten', String(EMITEN), '--years', '1', '--end', '2026-11-20', '--out', market];
    await node(programArgs('market-generate', ...generate));
    const files = ['emiten', 'prices', 'indexes', 'actions'].map((f) => path.join(market, `${f}.csv`));
    const imported = await node(cliArgs('market-import', ...files));
    expect(imported.stdout).toContain(`emiten.csv [emiten]: ${EMITEN} baris — ${EMITEN} baru`);
    emiten = readFileSync(files[0]!, 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => {
        const [ticker, name, sector] = l.split(',');
        return { ticker: ticker!, name: name!, sector: sector! };
      });
    // The content's analyses discuss demo tickers this market lacks: one warning each, no failure.
    expect(imported.stderr).toContain('Peringatan: analisis content/analisis/BBCA/');

    // The bundled server `npm run serve` runs, without a TypeScript loader.
    server = spawn(process.execPath, [...SPEC_SERVER_NODE_FLAGS, 'scripts/launch.mjs', 'serve'], {
      env: {
        ...env,
        PORT: String(PORT),
        HOST: '127.0.0.1',
        NODE_ENV: 'test',
        AUTH_SECRET: 'e2e-secret-not-for-production-0123456789',
        LOG_LEVEL: 'error',
        SENTRY_DSN: '',
      },
    });
    server.stdout?.on('data', (d) => (log += String(d)));
    server.stderr?.on('data', (d) => (log += String(d)));
    await expect.poll(() => log, { timeout: 60_000 }).toContain('listening');
  });
  test.afterAll(() => {
    server?.kill();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  test('indeks pencarian memuat setiap emiten, dengan ETag dan 304', async ({ request }) => {
    const res = await request.get(`${BASE}/api/emiten.json`, { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status()).toBe(200);
    const index = (await res.json()) as { t: string; n: string; s: string }[];
    expect(index.map((e) => e.t)).toEqual(emiten.map((e) => e.ticker).sort());
    expect(index.every((e) => e.n.startsWith('PT Sintetis '))).toBe(true);
    const etag = res.headers().etag!;
    expect(etag).toMatch(/^"emiten-\d+-/);
    expect(res.headers()['cache-control']).toContain('no-cache');
    const again = await request.get(`${BASE}/api/emiten.json`, { headers: { 'if-none-match': etag } });
    expect(again.status()).toBe(304);
    expect(await again.body()).toHaveLength(0);
    const raw = await fetch(`${BASE}/api/emiten.json`, { headers: { 'accept-encoding': 'gzip' } });
    expect(raw.headers.get('content-encoding')).toBe('gzip');
  });

  test('/analisis menawarkan setiap sektor dan menemukan setiap emiten', async ({ request }) => {
    const html = await (await request.get(`${BASE}/analisis`)).text();
    for (const sector of new Set(emiten.map((e) => e.sector))) {
      expect(html).toContain(`<option value="${sector.replaceAll('&', '&amp;')}"`);
    }
    // An exact ticker leads straight to its page; a part of its name lists it among the matches.
    for (const e of emiten) {
      const found = await request.get(`${BASE}/analisis?q=${e.ticker.toLowerCase()}`);
      expect(new URL(found.url()).pathname, e.ticker).toBe(`/analisis/${e.ticker}`);
    }
    const byName = await (await request.get(`${BASE}/analisis?q=${encodeURIComponent(emiten[3]!.name)}`)).text();
    expect(byName).toContain(`href="/analisis/${emiten[3]!.ticker}"`);
  });

  test('setiap emiten punya halaman /analisis/{KODE}', async ({ request }) => {
    for (const e of emiten) {
      const res = await request.get(`${BASE}/analisis/${e.ticker}`);
      expect(res.status(), e.ticker).toBe(200);
      expect(await res.text()).toContain(e.name);
    }
  });

  test('saran di kepala halaman menemukan emiten sintetis; tanpa JS formulir menuju /analisis?q=', async ({
    page,
    browser,
  }) => {
    const target = emiten[7]!;
    await page.goto(`${BASE}/`);
    const box = page.getByRole('combobox').first();
    await box.fill(target.ticker);
    await expect(page.getByRole('option', { name: new RegExp(target.ticker) }).first()).toBeVisible();

    const noJs = await browser.newContext({ javaScriptEnabled: false });
    const plain = await noJs.newPage();
    await plain.goto(`${BASE}/`);
    const search = plain.getByRole('searchbox').first();
    await search.fill(target.ticker);
    await search.press('Enter');
    // The form posts to /analisis?q=, which sends an exact ticker on to its page.
    await expect(plain).toHaveURL(new RegExp(`/analisis/${target.ticker}$`));
    await expect(plain.getByText(target.name).first()).toBeVisible();
    await noJs.close();
  });
});
