import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { axe } from './axe';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { chromium, type Page } from '@playwright/test';
import { PORTS } from '../../playwright.config';
import { SPEC_SERVER_NODE_FLAGS } from './server-flags';
import { readPngTexts, pngSize } from '../../src/server/sharing/png-text';
import { articleSchema, breadcrumbSchema, courseSchema, faqPageSchema, organizationSchema } from '../json-ld-schemas';
import { demoAnalyses } from './analyses';
import { DEMO, expect, signInAdminByPost, signInByPost, test } from './fixtures';
import { migratedDataDir } from '../migrated-data-dir';
import { ROUTES } from './routes';
import { cliArgs } from '../cli';

const xml = new XMLParser({
  ignoreAttributes: false,
  isArray: (name) => ['url', 'sitemap', 'item', 'category'].includes(name),
});
const MEMBER_PATHS = ROUTES.filter((r) => r.access !== 'public').map((r) => r.path.split('?')[0]!);
/** Public pages (not the routes that only send a visitor on). */
const PUBLIC = ROUTES.filter((r) => r.access === 'public' && !r.redirectsTo).map((r) => r.path);

interface Loc {
  loc: string;
  lastmod?: string;
}
interface FeedItem {
  title: string;
  link: string;
  description: string;
  pubDate: string;
  category: string[];
}
/** The shapes this spec reads; the parser's arrays are fixed by `isArray` above. */
interface ParsedXml {
  sitemapindex: { sitemap: Loc[] };
  urlset: { url: Loc[] };
  rss: { channel: { item: FeedItem[] } };
}
interface Manifest {
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  theme_color: string;
  icons: { src: string; sizes: string; purpose: string }[];
}

function parseXml(body: string): ParsedXml {
  expect(XMLValidator.validate(body)).toBe(true);
  return xml.parse(body) as ParsedXml;
}

async function sitemapLocs(get: (url: string) => Promise<string>): Promise<string[]> {
  const robots = await get('/robots.txt');
  const index = /^Sitemap: (\S+)$/m.exec(robots)?.[1];
  expect(index, 'robots.txt names the sitemap index').toBeTruthy();
  const parts = parseXml(await get(new URL(index!).pathname)).sitemapindex.sitemap;
  const locs: string[] = [];
  for (const part of parts) {
    for (const u of parseXml(await get(new URL(part.loc).pathname)).urlset.url) locs.push(u.loc);
  }
  return locs;
}

async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((b) => JSON.parse(b) as Record<string, unknown>);
}

const byType = (list: Record<string, unknown>[], type: string) => list.filter((d) => d['@type'] === type);

test.describe('ditemukan mesin pencari dan tampil baik saat dibagikan', () => {
  test('peta situs memuat halaman publik, setiap analisis, dan emiten pasar, tanpa rute anggota', async ({
    request,
  }) => {
    const locs = await sitemapLocs(async (u) => {
      const res = await request.get(u);
      expect(res.status(), u).toBe(200);
      return res.text();
    });
    const paths = locs.map((l) => new URL(l).pathname);
    for (const p of [
      '/',
      '/analisis',
      '/courses',
      '/courses/dasar-investasi-saham',
      '/starting-guide/faq',
      '/analisis/BBCA',
    ]) {
      expect(paths).toContain(p);
    }
    for (const a of demoAnalyses()) expect(paths).toContain(a.url);
    for (const m of MEMBER_PATHS)
      expect(
        paths.filter((p) => p === m || p.startsWith(`${m}/`)),
        m,
      ).toEqual([]);
    const emiten = parseXml(await (await request.get('/sitemap-emiten.xml')).text()).urlset.url;
    expect(emiten.length).toBeGreaterThanOrEqual(40);
    expect(emiten.every((u) => /^\d{4}-\d{2}-\d{2}$/.test(u.lastmod ?? ''))).toBe(true);
  });

  test('emiten yang diimpor setelah build muncul di peta situs tanpa build ulang', async ({ request }) => {
    test.setTimeout(120_000);
    // The build the suite's server serves (the same dist/ as the server below) names no TLHA: what names
    // it later comes from the database, read when the sitemap is asked for.
    expect(await (await request.get('/sitemap-emiten.xml')).text()).not.toContain('/analisis/TLHA');
    const dataDir = await migratedDataDir('telaah-sitemap-');
    const port = PORTS.sitemapImportServer;
    const env = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      NODE_ENV: 'test',
      AUTH_SECRET: 'e2e-secret-not-for-production-0123456789',
      SENTRY_DSN: '',
      APP_URL: `http://127.0.0.1:${port}`,
    };
    const csv = path.join(dataDir, 'emiten-baru.csv');
    writeFileSync(
      csv,
      'ticker,name,sector,sub_sector,board,listing_date,shares_outstanding\nTLHA,PT Telaah Uji Tbk,Keuangan,Bank,Utama,2020-01-02,1000000\n',
    );
    const imported = spawnSync(process.execPath, cliArgs('market-import', '--kind', 'emiten', csv), {
      env,
      encoding: 'utf8',
    });
    expect(imported.status, imported.stderr).toBe(0);
    // The bundled server `npm run serve` runs (no TypeScript loader), on the imported folder.
    let log = '';
    const server = spawn(process.execPath, [...SPEC_SERVER_NODE_FLAGS, 'scripts/launch.mjs', 'serve'], { env });
    server.stdout?.on('data', (d) => (log += String(d)));
    server.stderr?.on('data', (d) => (log += String(d)));
    try {
      await expect.poll(() => log, { timeout: 60_000 }).toContain('listening');
      const sitemap = await (await request.get(`http://127.0.0.1:${port}/sitemap-emiten.xml`)).text();
      expect(sitemap).toContain(`<loc>http://127.0.0.1:${port}/analisis/TLHA</loc>`);
    } finally {
      await new Promise<void>((resolve) => {
        if (server.exitCode !== null) return resolve();
        server.once('exit', () => resolve());
        server.kill();
      });
    }
  });

  for (const route of ROUTES.filter((r) => r.access === 'public' && r.noindex).map((r) => r.path)) {
    test(`${route} tidak diindeks dan tanpa canonical atau tag og`, async ({ page }) => {
      await page.goto(route);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
      await expect(page.locator('link[rel="canonical"], meta[property^="og:"]')).toHaveCount(0);
    });
  }

  for (const route of PUBLIC.filter((p) => !ROUTES.some((r) => r.path === p && r.noindex))) {
    test(`${route} punya tepat satu canonical dan tag og:title, og:description, og:image`, async ({ page }) => {
      await page.goto(route);
      const canonical = page.locator('link[rel="canonical"]');
      await expect(canonical).toHaveCount(1);
      expect(new URL((await canonical.getAttribute('href'))!).pathname).toBe(route.split('?')[0]);
      for (const p of ['og:title', 'og:description', 'og:image']) {
        const meta = page.locator(`meta[property="${p}"]`);
        await expect(meta, p).toHaveCount(1);
        expect(((await meta.getAttribute('content')) ?? '').length, p).toBeGreaterThan(0);
      }
    });
  }

  test('kartu berbagi analisis: PNG 1200×630 berisi kode, judul, rating, target', async ({ page, request }) => {
    await page.goto('/analisis/BBCA');
    const href = await page.locator('a[href^="/analisis/BBCA/"]').first().getAttribute('href');
    await page.goto(href!);
    const image = await page.locator('meta[property="og:image"]').getAttribute('content');
    expect(image).toContain('/og/analisis/BBCA/');
    const res = await request.get(new URL(image!).pathname);
    expect(res.headers()['content-type']).toBe('image/png');
    const png = await res.body();
    expect(pngSize(png)).toEqual({ width: 1200, height: 630 });
    const text = readPngTexts(png).Description ?? '';
    const title = (await page.locator('h1').textContent())!.trim();
    expect(text.split('\n')).toEqual(expect.arrayContaining(['BBCA', title, 'Telaah']));
    expect(text).toMatch(/Rating: (Beli|Tahan|Jual)/);
  });

  test('JSON-LD: FAQPage di FAQ, Course di kursus, Article dan BreadcrumbList di analisis, Organization di beranda', async ({
    page,
  }) => {
    await page.goto('/starting-guide/faq');
    const faq = faqPageSchema.parse(byType(await jsonLd(page), 'FAQPage')[0]);
    await expect(page.locator('article details summary')).toHaveCount(faq.mainEntity.length);

    await page.goto('/courses/dasar-investasi-saham');
    const courseLd = await jsonLd(page);
    expect(courseSchema.parse(byType(courseLd, 'Course')[0]).name).toBe(
      (await page.locator('h1').textContent())!.trim(),
    );
    breadcrumbSchema.parse(byType(courseLd, 'BreadcrumbList')[0]);

    const a = demoAnalyses().find((x) => x.tier === 'premium' && !x.url.includes('non-emiten'))!;
    await page.goto(a.url);
    const analysisLd = await jsonLd(page);
    const article = articleSchema.parse(byType(analysisLd, 'Article')[0]);
    expect(article.isAccessibleForFree).toBe(false);
    for (const phrase of a.hidden) expect(JSON.stringify(analysisLd)).not.toContain(phrase);
    breadcrumbSchema.parse(byType(analysisLd, 'BreadcrumbList')[0]);

    await page.goto('/');
    organizationSchema.parse(byType(await jsonLd(page), 'Organization')[0]);
  });

  test('umpan RSS analisis: XML sah, satu item per analisis, hanya ringkasan', async ({ request }) => {
    const res = await request.get('/analisis/rss.xml');
    expect(res.status()).toBe(200);
    const channel = parseXml(await res.text()).rss.channel;
    const items = channel.item;
    const analyses = demoAnalyses();
    expect(items).toHaveLength(analyses.length);
    const links = items.map((i) => new URL(i.link).pathname);
    for (const a of analyses) expect(links).toContain(a.url);
    for (const i of items) {
      expect(Number.isNaN(Date.parse(i.pubDate))).toBe(false);
      expect(i.category.some((c) => /^Paket (Gratis|Reguler|Premium)$/.test(c))).toBe(true);
      expect(i.description.length).toBeLessThanOrEqual(400);
    }
  });
});

test.describe('terpasang di ponsel', () => {
  // The service worker is blocked elsewhere (playwright.config.ts); these stories are about it.
  test.use({ serviceWorkers: 'allow' });
  test('manifest sah dengan ikon yang diminta peramban', async ({ page, request }) => {
    await page.goto('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    const manifest = (await (await request.get(href!)).json()) as Manifest;
    expect(manifest).toMatchObject({
      name: expect.stringContaining('Telaah'),
      short_name: 'Telaah',
      lang: 'id',
      start_url: '/mulai',
      display: 'standalone',
    });
    expect(manifest.scope).toBe('/');
    // The installed app starts on the home page for a stranger, on the portfolio for a member.
    const start = await request.get(manifest.start_url, { maxRedirects: 0 });
    expect(start.status()).toBe(302);
    expect(start.headers()['location']).toBe('/');
    expect(start.headers()['cache-control']).toContain('no-store');
    await signInByPost(page, DEMO.gratis);
    await page.goto(manifest.start_url);
    await expect(page).toHaveURL(/\/portofolio\/all$/);
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
    for (const size of [192, 512]) {
      const icon = manifest.icons.find((i) => i.sizes === `${size}x${size}` && i.purpose === 'any');
      const png = await (await request.get(icon!.src)).body();
      expect(pngSize(png)).toEqual({ width: size, height: size });
    }
    expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);
  });

  test('Chromium menilai situs ini bisa dipasang', async ({ launchOptions, baseURL }) => {
    // Chromium's own verdict, the one behind its install prompt (Lighthouse 12 no longer audits it), asked
    // in a persistent profile: Playwright's usual contexts are incognito, where Chromium never installs.
    const profile = mkdtempSync(path.join(tmpdir(), 'telaah-install-'));
    const context = await chromium.launchPersistentContext(profile, { ...launchOptions, baseURL });
    try {
      const page = await context.newPage();
      await page.goto('/');
      await page.evaluate(async () => void (await navigator.serviceWorker.ready));
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
        installabilityErrors: { errorId: string }[];
      };
      expect(installabilityErrors.map((e) => e.errorId)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('pekerja layanan menyajikan FAQ saat luring dan halaman luring untuk yang lain', async ({ page, context }) => {
    await page.goto('/starting-guide/faq');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await expect.poll(() => page.evaluate(async () => (await caches.keys()).length)).toBeGreaterThan(0);
    await context.setOffline(true);
    try {
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Pertanyaan yang Sering Diajukan' })).toBeVisible();
      await page.goto('/analisis');
      await expect(page.getByRole('heading', { level: 1, name: 'Anda sedang luring' })).toBeVisible();
    } finally {
      await context.setOffline(false);
    }
  });

  test('pekerja layanan tidak menyimpan halaman anggota maupun teks analisis', async ({ page }) => {
    await signInByPost(page, DEMO.premium);
    await page.goto('/portofolio/all');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const a = demoAnalyses().find((x) => x.tier === 'premium')!;
    await page.goto(a.url);
    const cached = await page.evaluate(async () => {
      const out: { url: string; body: string }[] = [];
      for (const key of await caches.keys()) {
        const cache = await caches.open(key);
        for (const req of await cache.keys()) out.push({ url: req.url, body: await (await cache.match(req))!.text() });
      }
      return out;
    });
    expect(cached.length).toBeGreaterThan(0);
    for (const { url, body } of cached) {
      expect(new URL(url).pathname).not.toMatch(/^\/(portofolio|settings|api|analisis)/);
      for (const phrase of a.hidden) expect(body).not.toContain(phrase);
      expect(body).not.toContain(DEMO.premium);
    }
  });
});

test.describe('tema gelap', () => {
  test.use({ colorScheme: 'dark' });

  const axeClean = async (page: Page, where: string) => {
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    const results = await axe(page).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${where} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  };

  test('halaman publik lolos axe dalam mode gelap', async ({ page }) => {
    test.setTimeout(120_000);
    for (const route of PUBLIC) {
      await page.goto(route);
      await axeClean(page, route);
    }
  });

  test('halaman anggota yang dikunjungi e2e lolos axe dalam mode gelap', async ({ page }) => {
    // Eighteen pages, each with an axe run, on a shared machine.
    test.setTimeout(360_000);
    await signInAdminByPost(page);
    for (const route of ROUTES.filter((r) => r.access !== 'public').map((r) => r.path)) {
      await page.goto(route);
      await axeClean(page, route);
    }
  });

  test('pilihan tema diingat per perangkat dan berlaku sebelum halaman tampil', async ({ page }) => {
    await page.goto('/starting-guide/faq');
    const toggle = page.getByRole('button', { name: 'Tema gelap' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await toggle.click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await page.goto('/courses');
    // Set by the inline head script: already there when the document has been parsed.
    await page.waitForLoadState('domcontentloaded');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await expect(page.getByRole('button', { name: 'Tema gelap' })).toHaveAttribute('aria-pressed', 'false');
  });
});
