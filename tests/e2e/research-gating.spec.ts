import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, type Page } from '@playwright/test';
import { DEMO, expect, signIn, test } from './fixtures';
import { demoAnalyses, htmlText, type DemoAnalysis } from './analyses';
import { readPngTexts } from '../../src/server/sharing/png-text';

const ANALYSES = demoAnalyses();

/** Asserts that none of the analysis' hidden phrases is anywhere in `body` (raw or as text). */
function expectNoHidden(a: DemoAnalysis, body: string, where: string) {
  const text = htmlText(body);
  for (const phrase of a.hidden) {
    expect(body.includes(phrase) || text.includes(phrase), `${where} leaks "${phrase}" of ${a.file}`).toBe(false);
  }
}

async function getHtml(request: APIRequestContext, url: string): Promise<string> {
  const res = await request.get(url);
  expect(res.status(), url).toBe(200);
  return res.text();
}

/** Every response a browser receives while opening `url` (documents, scripts, styles, JSON). */
async function everythingLoaded(page: Page, url: string): Promise<string[]> {
  const bodies: Promise<string>[] = [];
  const listener = (res: import('@playwright/test').Response) => {
    bodies.push(res.text().catch(() => ''));
  };
  page.on('response', listener);
  await page.goto(url, { waitUntil: 'networkidle' });
  // Bring lazily hydrated islands into view so their bundles and data load too.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForLoadState('networkidle');
  page.off('response', listener);
  return Promise.all(bodies);
}

test.describe('pembatasan analisis per paket', () => {
  test('daftar analisis demo lengkap: 15 emiten dan 4 non-emiten, tiap paket terwakili', () => {
    expect(ANALYSES.filter((a) => !a.url.includes('/non-emiten/'))).toHaveLength(15);
    expect(ANALYSES.filter((a) => a.url.includes('/non-emiten/'))).toHaveLength(4);
    expect(new Set(ANALYSES.map((a) => a.tier))).toEqual(new Set(['gratis', 'reguler', 'premium']));
  });

  test('anggota premium membaca setiap analisis demo secara lengkap', async ({ page }) => {
    test.setTimeout(90_000);
    await signIn(page, DEMO.premium);
    for (const a of ANALYSES) {
      const html = await getHtml(page.request, a.url);
      const text = htmlText(html);
      expect(html, a.url).toContain('data-access="full"');
      expect(text, a.url).toContain(a.teaser);
      for (const phrase of a.hidden) expect(text, `${a.url} misses "${phrase}"`).toContain(phrase);
      expect(text).not.toContain('Baca analisis lengkap');
      expect(text).toMatch(/bukan ajakan untuk membeli atau menjual/);
    }
  });

  test('anggota gratis membaca lengkap hanya analisis gratis; sisanya teaser, juga di semua yang dimuat peramban', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await signIn(page, DEMO.gratis);
    for (const a of ANALYSES) {
      if (a.tier === 'gratis') {
        const text = htmlText(await getHtml(page.request, a.url));
        for (const phrase of a.hidden) expect(text, `${a.url} misses "${phrase}"`).toContain(phrase);
        continue;
      }
      const bodies = await everythingLoaded(page, a.url);
      const html = bodies.find((b) => b.includes('data-access='))!;
      expect(html, a.url).toContain('data-access="teaser"');
      expect(htmlText(html)).toContain(a.teaser);
      await expect(page.getByRole('heading', { name: 'Baca analisis lengkap' })).toBeVisible();
      await expect(page.getByRole('link', { name: /Lihat paket/ })).toBeVisible();
      for (const body of bodies) expectNoHidden(a, body, `gratis ${a.url}`);
    }
  });

  test('pengunjung yang belum masuk hanya melihat ringkasan dan bagian pertama setiap analisis', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    for (const a of ANALYSES) {
      const html = await getHtml(request, a.url);
      expect(html, a.url).toContain('data-access="teaser"');
      expect(htmlText(html), a.url).toContain(a.teaser);
      expectNoHidden(a, html, `anonymous ${a.url}`);
      expect(html).toContain(`/sign-in?callbackUrl=${encodeURIComponent(a.url)}`);
    }
    // The same, through a browser, for everything a page loads (scripts, styles, price and index JSON).
    for (const a of ANALYSES) {
      for (const body of await everythingLoaded(page, a.url)) expectNoHidden(a, body, `anonymous browser ${a.url}`);
    }
  });

  test('hasil build (dist/client dan halaman pra-render) tidak memuat teks analisis yang terkunci', () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const p = path.join(dir, name);
        if (statSync(p).isDirectory()) walk(p);
        else files.push(p);
      }
    };
    walk(path.resolve('dist/client'));
    const texts = files
      .filter((f) => /\.(html|js|mjs|css|json|txt|xml|svg|webmanifest)$/.test(f))
      .map((f) => [f, readFileSync(f, 'utf8')] as const);
    // Sharing cards carry the words they show as their PNG description (src/server/sharing/card.ts).
    const cards = files
      .filter((f) => f.endsWith('.png'))
      .map((f) => [f, readPngTexts(readFileSync(f)).Description ?? ''] as const);
    expect(cards.filter(([, text]) => text).length, 'every analysis has a sharing card').toBeGreaterThanOrEqual(
      ANALYSES.length,
    );
    texts.push(...cards);
    expect(
      texts.some(([f]) => f.endsWith('index.html')),
      'dist/client holds the pre-rendered home page',
    ).toBe(true);
    expect(texts.filter(([f]) => f.endsWith('.js')).length, 'dist/client holds the island bundles').toBeGreaterThan(0);
    for (const a of ANALYSES) for (const [f, body] of texts) expectNoHidden(a, body, path.relative(process.cwd(), f));
    // The feed of analyses is built with the site: teasers only, and it is in the files scanned above.
    expect(
      texts.some(([f]) => f.endsWith(path.join('analisis', 'rss.xml'))),
      'dist/client holds the feed',
    ).toBe(true);
    // The home page shows teasers: the summaries are there, nothing past them.
    const home = readFileSync(path.resolve('dist/client/index.html'), 'utf8');
    expect(htmlText(home)).toContain('Analisis terbaru');
  });
});
