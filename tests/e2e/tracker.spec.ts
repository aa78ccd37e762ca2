import { axe } from './axe';
import type { Page } from '@playwright/test';
import { DEMO, expect, freshMember, signIn, signInByPost, test } from './fixtures';

const PASSWORD = 'rahasia-bbca-123';

async function axeSerious(page: Page): Promise<string[]> {
  const results = await axe(page).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
}

async function noSidewaysScroll(page: Page, path: string): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
}

/** A fresh member, signed in, with the BBCA case recorded in 2025. */
async function memberWithBbcaCase(page: Page, baseURL: string): Promise<void> {
  await freshMember(page, { name: 'Bima BBCA', password: PASSWORD });
  const trades = [
    { date: '2025-02-03', type: 'buy', shares: 100, price: 9_000, fee: 1_400 },
    { date: '2025-03-03', type: 'buy', shares: 100, price: 9_500, fee: 1_600 },
    { date: '2025-06-02', type: 'sell', shares: 100, price: 10_000, fee: 2_500 },
  ];
  for (const t of trades) {
    const res = await page.request.post('/api/portfolio/transactions', {
      headers: { origin: baseURL },
      data: { ticker: 'BBCA', ...t },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
}

test('anggota melihat kasus BBCA di halaman saham, tabel laba terealisasi, dan laporan SPT', async ({
  page,
  baseURL,
}) => {
  // Sign-up, three trades and three pages with axe: more than the default budget on a loaded machine.
  test.slow();
  await memberWithBbcaCase(page, baseURL!);
  await page.setViewportSize({ width: 375, height: 800 });

  await page.goto('/portofolio/saham/bbca');
  await expect(page).toHaveURL(/\/portofolio\/saham\/BBCA$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('BBCA');
  await expect(page.getByText('100 lembar', { exact: true })).toBeVisible();
  await expect(page.getByText('Harga rata-rata Rp 9.265', { exact: true })).toBeVisible();
  await expect(page.getByTestId('titik-impas')).toHaveText('Rp 9.300');
  await expect(page.locator('#terealisasi + * tbody tr')).toContainText(['Rp 926.500']);
  await expect(page.locator('.stat').filter({ hasText: 'Laba/rugi terealisasi' })).toContainText('Rp 71.000');
  await expect(page.locator('[data-island-error]')).toHaveCount(0);
  await noSidewaysScroll(page, '/portofolio/saham/BBCA');
  expect(await axeSerious(page)).toEqual([]);

  await page.goto('/portofolio/transaksi');
  const realised = page.locator('#terealisasi');
  await expect(realised.getByRole('link', { name: 'BBCA' })).toBeVisible();
  await expect(realised.locator('tbody tr').last()).toContainText('Rp 926.500');
  await expect(realised.locator('tbody tr').last()).toContainText('Rp 71.000');
  await expect(realised.locator('tbody tr').last()).toContainText('119 hari');
  const api = (await (await page.request.get('/api/portfolio/realised?year=2025')).json()) as {
    sales: { realised: number; costRemoved: number; proceeds: number }[];
    byYear: { year: number; realised: number }[];
  };
  expect(api.sales).toEqual([expect.objectContaining({ realised: 71_000, costRemoved: 926_500, proceeds: 997_500 })]);
  expect(api.byYear).toEqual([expect.objectContaining({ year: 2025, realised: 71_000 })]);

  await page.goto('/portofolio/laporan?tahun=2025');
  await expect(page.locator('#harta tbody tr')).toContainText(['Rp 926.500']);
  await expect(page.locator('#penjualan tbody tr')).toContainText(['Rp 1.000.000']);
  await expect(page.locator('#penjualan tfoot')).toContainText('Rp 71.000');
  await noSidewaysScroll(page, '/portofolio/laporan');
  expect(await axeSerious(page)).toEqual([]);
  const csv = await page.request.get('/api/portfolio/reports/annual?year=2025&format=csv');
  expect(csv.headers()['content-type']).toContain('text/csv');
  const text = await csv.text();
  // Semicolons and decimal commas, for a spreadsheet in Indonesian settings (docs/product.md §10.14).
  expect(text).toContain('BBCA;PT Bank Central Asia Tbk;100;9265;926500');
  expect(text).toContain('2025-06-02;BBCA;100;1000000;1000;2500;997500;926500;71000');
  for (const format of ['pdf', 'xlsx']) {
    const res = await page.request.get(`/api/portfolio/reports/annual?year=2025&format=${format}`);
    expect(res.status(), format).toBe(200);
    expect(res.headers()['content-disposition']).toContain(`telaah-laporan-spt-2025.${format}`);
  }
  expect((await page.request.get('/api/portfolio/reports/annual?year=2026&format=pdf')).status()).toBe(400);
  expect((await page.request.get('/api/portfolio/reports/annual?year=2025&format=doc')).status()).toBe(400);
});

test('saham dan portofolio anggota lain tidak bisa dibuka dari halaman dan API baru', async ({ browser, baseURL }) => {
  test.slow();
  const owner = await browser.newPage({ baseURL });
  await signIn(owner, DEMO.premium);
  const { portfolios } = (await (await owner.request.get('/api/portfolio/portfolios')).json()) as {
    portfolios: { id: string }[];
  };
  const theirs = portfolios[0]!.id;
  const stranger = await browser.newPage({ baseURL });
  await memberWithBbcaCase(stranger, baseURL!);
  // PTBA is in the premium member's portfolios only.
  expect((await stranger.goto('/portofolio/saham/PTBA'))?.status()).toBe(404);
  expect((await stranger.goto(`/portofolio/saham/BBCA?portofolio=${theirs}`))?.status()).toBe(404);
  expect((await stranger.request.get(`/api/portfolio/realised?portfolio=${theirs}`)).status()).toBe(404);
  expect((await stranger.request.get(`/api/portfolio/metrics?portfolio=${theirs}&period=3b`)).status()).toBe(404);
  const csv = await (await stranger.request.get('/api/portfolio/reports/annual?year=2025&format=csv')).text();
  expect(csv).not.toContain('PTBA');
  expect((await owner.goto('/portofolio/saham/PTBA'))?.status()).toBe(200);
});

test('pilihan periode kinerja berfungsi sebelum skripnya termuat (tanpa JavaScript)', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  await signInByPost(page, DEMO.premium);
  await page.goto('/portofolio/metrics?periode=3b');
  const period = page.getByRole('group', { name: 'Periode' });
  await expect(period.getByRole('link', { name: '3B' })).toHaveAttribute('aria-current', 'true');
  await period.getByRole('link', { name: '1B' }).click();
  await expect(page).toHaveURL(/\/portofolio\/metrics\?periode=1b$/);
  await expect(period.getByRole('link', { name: '1B' })).toHaveAttribute('aria-current', 'true');
  await expect(page.getByText(/^Periode 1 bulan terakhir: /)).toBeVisible();
  await context.close();
});

test('anggota premium memilih periode 3B, rentang tanggal sendiri, dan pembanding LQ45', async ({ page }) => {
  await signIn(page, DEMO.premium);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/portofolio/metrics?periode=3b');
  const period = page.getByRole('group', { name: 'Periode' });
  await expect(period.getByRole('link', { name: '3B' })).toHaveAttribute('aria-current', 'true');
  // A tap before the island has loaded loads the period's page; one after it switches in place. Either way:
  await period.getByRole('link', { name: '1B' }).click();
  await expect(page).toHaveURL(/periode=1b/);
  await noSidewaysScroll(page, '/portofolio/metrics');

  await page.getByLabel('Pembanding').selectOption({ label: 'LQ45' });
  await page.getByRole('button', { name: 'Bandingkan' }).click();
  await expect(page).toHaveURL(/indeks=LQ45/);
  await expect(page.getByRole('heading', { name: 'Nilai portofolio vs LQ45' })).toBeVisible();

  await page.getByLabel('Dari').fill('2026-01-05');
  await page.getByLabel('Sampai').fill('2026-06-30');
  await page.getByRole('button', { name: 'Terapkan periode' }).click();
  await expect(page).toHaveURL(/periode=kustom&dari=2026-01-05&sampai=2026-06-30/);
  await expect(period.getByRole('link', { name: 'Kustom' })).toHaveAttribute('aria-current', 'true');
  await expect(page.getByText(/Periode pilihan Anda: \d+ Januari 2026 – \d+ Juni 2026\./)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Nilai portofolio vs LQ45' })).toBeVisible();

  const res = await page.request.get('/api/portfolio/metrics?from=2026-01-05&to=2026-06-30&benchmark=JII');
  const view = (await res.json()) as {
    benchmark: { code: string };
    benchmarks: { code: string }[];
    periods: {
      kustom: { startDate: string; endDate: string; timeWeightedReturn: number; chart: { portfolio: number }[] };
    };
  };
  expect(view.benchmark.code).toBe('JII');
  expect(view.benchmarks.map((b) => b.code)).toEqual(['COMPOSITE', 'LQ45', 'IDX30', 'JII']);
  const k = view.periods.kustom;
  expect(k.startDate >= '2026-01-05' && k.endDate <= '2026-06-30').toBe(true);
  expect(k.timeWeightedReturn).toBeCloseTo(k.chart.at(-1)!.portfolio - 1, 5);
  expect((await page.request.get('/api/portfolio/metrics?benchmark=SRIKEHATI')).status()).toBe(400);
  expect((await page.request.get('/api/portfolio/metrics?from=2026-13-01')).status()).toBe(400);

  await page.goto('/portofolio/dividen?periode=1t');
  await expect(page.getByRole('link', { name: '1T' })).toHaveAttribute('aria-current', 'true');
  await expect(page.getByText(/Dividen diterima dengan tanggal bayar/)).toBeVisible();
  const dividends = await page.request.get('/api/portfolio/dividends?from=2026-01-01&to=2026-06-30');
  const d = (await dividends.json()) as { receivedRecords: { paymentDate: string }[] };
  for (const r of d.receivedRecords) expect(r.paymentDate >= '2026-01-01' && r.paymentDate <= '2026-06-30').toBe(true);
  expect((await page.request.get('/api/portfolio/dividends?period=2t')).status()).toBe(400);
});
