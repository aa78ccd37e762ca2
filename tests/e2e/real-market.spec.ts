import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { PORTS } from '../../playwright.config';
import { SPEC_SERVER_NODE_FLAGS } from './server-flags';
import { DEMO, DEMO_PASSWORD, expect, test } from './fixtures';
import { migratedDataDir } from '../migrated-data-dir';
import { cliArgs } from '../cli';

// This spec starts a server of its own: its stories run in declaration order, in one worker.
test.describe.configure({ mode: 'default' });

// An operator with real history only: `npm start -- --no-demo --demo-accounts` on a data folder into which
// `market:import` loaded BBCA for October 2021 (unadjusted closes across the 1:5 split whose new shares
// traded from 13 October 2021), an IHSG that ends a week earlier (22 October), BBCA's fundamentals, and no
// daily feed. "Today" is 20 November 2026: the data is five years old.
const PORT = PORTS.realMarketServer;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const TODAY = '2026-11-20T10:00:00+07:00';
let dataDir = '';
const files = mkdtempSync(path.join(tmpdir(), 'telaah-real-market-csv-'));
const run = promisify(execFile);
let server: ChildProcess;
let log = '';

// Trading days of October 2021 (20 October, Maulid Nabi, was an exchange holiday).
const BBCA: [string, number][] = [
  ['2021-10-01', 36_000],
  ['2021-10-04', 36_100],
  ['2021-10-05', 36_200],
  ['2021-10-06', 36_150],
  ['2021-10-07', 36_300],
  ['2021-10-08', 36_400],
  ['2021-10-11', 36_275],
  ['2021-10-12', 36_600],
  ['2021-10-13', 7_550],
  ['2021-10-14', 7_475],
  ['2021-10-15', 7_450],
  ['2021-10-18', 7_500],
  ['2021-10-19', 7_525],
  ['2021-10-21', 7_600],
  ['2021-10-22', 7_550],
  ['2021-10-25', 7_475],
  ['2021-10-26', 7_500],
  ['2021-10-27', 7_450],
  ['2021-10-28', 7_425],
  ['2021-10-29', 7_500],
];
const IHSG_DAYS = BBCA.filter(([d]) => d <= '2021-10-22').map(([d], i) => [d, 6_200 + 10 * i] as const);

function writeMarket(): string[] {
  const csv = (name: string, lines: string[]) => {
    const file = path.join(files, `${name}.csv`);
    writeFileSync(file, `${lines.join('\n')}\n`);
    return file;
  };
  return [
    // Beside BBCA, companies through the listing lifecycle (decision 0021) and IDX status flags (§5.7): APOL,
    // delisted on 6 April 2020 as IDX announced; UNVR and GOTO are this fixture's own inventions (UNVR
    // delisted in June 2021, so its analysis leaves the list; GOTO renamed from GOJK, with notation E and
    // suspended by the data).
    csv('emiten', [
      'ticker,name,sector,sub_sector,board,listing_date,shares_outstanding,delisting_date,previous_code,notations,suspended',
      'BBCA,PT Bank Central Asia Tbk,Keuangan,Bank,Utama,2000-05-31,123275050000,,,,tidak',
      'APOL,PT Arpeni Pratama Ocean Line Tbk,Transportasi,Pelayaran,Utama,2005-06-22,8665000000,2020-04-06,,,tidak',
      'UNVR,PT Unilever Indonesia Tbk,Barang Konsumen Primer,Rumah Tangga,Utama,1982-01-11,38150000000,2021-06-30,,,tidak',
      'GOTO,PT GoTo Gojek Tokopedia Tbk,Teknologi,Perangkat Lunak,Utama,2020-01-06,1000000000,,GOJK,E,ya',
    ]),
    csv('prices', [
      'date,ticker,open,high,low,close,volume',
      ...BBCA.map(([d, c]) => `${d},BBCA,${c},${c},${c},${c},1000000`),
      ...IHSG_DAYS.map(([d, c]) => `${d},COMPOSITE,${c},${c},${c},${c},0`),
      ...['2020-03-31', '2020-04-01', '2020-04-02', '2020-04-03'].map((d) => `${d},APOL,50,50,50,50,10000`),
      ...BBCA.filter(([d]) => d <= '2021-10-08').map(([d]) => `${d},GOTO,100,100,100,100,50000`),
    ]),
    csv('actions', [
      'ticker,type,cum_date,ex_date,recording_date,ratio_from,ratio_to,note',
      'BBCA,split,2021-10-12,2021-10-13,2021-10-14,1,5,pemecahan saham 1:5',
    ]),
    // Quarterly EPS as reported before the split (468,75 each: 1 875 a year, 375 in today's shares).
    csv('fundamentals', [
      'ticker,period_end,revenue,net_income,equity,eps,bvps',
      'BBCA,2020-09-30,20000000000000,7000000000000,180000000000000,285,7300',
      'BBCA,2020-12-31,21000000000000,7200000000000,184000000000000,468.75,7460',
      'BBCA,2021-03-31,21500000000000,7300000000000,188000000000000,468.75,7620',
      'BBCA,2021-06-30,22000000000000,7400000000000,192000000000000,468.75,7790',
      'BBCA,2021-09-30,22500000000000,7500000000000,196000000000000,468.75,7950',
    ]),
  ];
}

test.beforeAll(async () => {
  test.setTimeout(300_000);
  // A migrated folder, as after a first start: the import and the server find their tables.
  dataDir = await migratedDataDir('telaah-real-market-');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    NODE_ENV: 'test',
    APP_NOW: TODAY,
    AUTH_SECRET: 'e2e-secret-not-for-production-0123456789',
    LOG_LEVEL: 'error',
    JOBS_INTERVAL_SECONDS: '0',
    MARKET_FEED: '',
  };
  for (const k of Object.keys(env)) if (/^(STRIPE|MIDTRANS|SENTRY|TELEGRAM)_/.test(k)) delete env[k];
  const imported = await run(process.execPath, cliArgs('market-import', ...writeMarket()), {
    env,
  });
  expect(imported.stdout).toContain('fundamentals.csv [fundamentals]: 5 baris — 5 baru');
  server = spawn(
    process.execPath,
    [...SPEC_SERVER_NODE_FLAGS, 'scripts/launch.mjs', 'start', '--no-demo', '--demo-accounts'],
    { env: { ...env, PORT: String(PORT), HOST: '127.0.0.1', APP_URL: ORIGIN } },
  );
  server.stdout?.on('data', (d) => (log += String(d)));
  server.stderr?.on('data', (d) => (log += String(d)));
  await expect.poll(() => log, { timeout: 120_000, message: 'server start-up' }).toContain('Telaah is running');
  expect(log).not.toContain('loading demo data');
  expect(log).toContain('premium@telaah.test');
});

test.afterAll(() => {
  server?.kill();
});

async function noSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${page.url()} scrolls sideways`).toBeLessThanOrEqual(0);
}

const STALE = 'Data terakhir: 29 Oktober 2021.';

test('tanpa pasar demo: halaman riset memakai data impor, tanpa "Data demo", dan menyebut umur datanya', async ({
  page,
}) => {
  test.setTimeout(90_000);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 812 });
    await page.goto(`${ORIGIN}/analisis`);
    await expect(page.getByRole('heading', { name: 'Analisis', level: 1 })).toBeVisible();
    await expect(page.getByText('Data demo.')).toHaveCount(0);
    const notice = page.getByTestId('data-terakhir');
    await expect(notice).toContainText(STALE);
    await expect(notice).toContainText('Pembaruan harian tidak aktif (MARKET_FEED tidak diatur)');
    await noSidewaysScroll(page);

    await page.goto(`${ORIGIN}/analisis/BBCA`);
    await expect(page.getByText('Data demo.')).toHaveCount(0);
    await expect(page.getByTestId('data-terakhir')).toContainText(STALE);
    // Imported fundamentals: EPS 4 × 468,75 = 1 875 before the split, 375 after it; 7 500 ÷ 375 = 20.
    await expect(page.locator('[data-figure="per"] .kf-value')).toHaveText('20,0x');
    await noSidewaysScroll(page);
  }
});

test('anggota melihat split BBCA di halaman kepemilikan, dan kinerja yang berhenti di data terakhirnya', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await page.goto(`${ORIGIN}/sign-in`);
  await page.getByLabel('Email', { exact: true }).fill(DEMO.premium);
  await page.getByLabel('Kata sandi', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Masuk', exact: true }).click();
  await expect(page).not.toHaveURL(/\/sign-in/, { timeout: 30_000 });

  const trades = [
    { type: 'Beli', date: '2021-10-01', lots: '2', price: '36000', saved: 'Beli BBCA 200 lembar pada 1 Oktober 2021' },
    { type: 'Jual', date: '2021-10-21', lots: '5', price: '7600', saved: 'Jual BBCA 500 lembar pada 21 Oktober 2021' },
  ];
  for (const t of trades) {
    await page.goto(`${ORIGIN}/portofolio/transaksi`);
    const form = page.locator('form.tx-form');
    await form.getByLabel(t.type, { exact: true }).check();
    await form.getByLabel('Tanggal', { exact: true }).fill(t.date);
    await form.getByLabel('Kode saham', { exact: true }).fill('BBCA');
    await form.getByLabel('Jumlah', { exact: true }).fill(t.lots);
    await form.getByLabel('Harga per lembar (Rp)', { exact: true }).fill(t.price);
    await form.getByRole('button', { name: 'Simpan transaksi' }).click();
    await expect(page.getByRole('status').first()).toContainText(t.saved);
  }

  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 812 });
    await page.goto(`${ORIGIN}/portofolio/saham/BBCA`);
    await expect(page.getByTestId('data-terakhir')).toContainText(STALE);
    // By hand: 200 × 36 000 + 0,15 % fee 10 800 = 7 210 800; the 1:5 split makes 1 000 shares at 7 210,8;
    // selling 500 leaves 500 shares and 3 605 400 of cost, worth 500 × 7 500 at the last close.
    const position = page.getByRole('region', { name: 'Posisi dari waktu ke waktu' });
    const rows = position.locator('tbody tr');
    await expect(rows).toHaveCount(4);
    await expect(rows.nth(0)).toContainText(/01 Okt 2021\s*200\s*36\.054\s*Rp 7\.210\.800\s*Rp 7\.200\.000/);
    await expect(rows.nth(1)).toContainText(
      /13 Okt 2021\s*Split 1:5\s*1\.000\s*7\.210,8\s*Rp 7\.210\.800\s*Rp 7\.550\.000/,
    );
    await expect(rows.nth(2)).toContainText(/21 Okt 2021\s*500\s*7\.210,8\s*Rp 3\.605\.400\s*Rp 3\.800\.000/);
    await expect(rows.nth(3)).toContainText(/20 Nov 2026\s*500\s*7\.210,8\s*Rp 3\.605\.400\s*Rp 3\.750\.000/);
    const split = page.getByRole('region', { name: 'Transaksi saham ini' }).getByTestId('baris-split');
    await expect(split).toContainText(/13 Okt 2021\s*Split 1:5\s*200 → 1\.000/);
    await expect(page.locator('#titik-impas')).toContainText('biaya jual 0,25 %');
    await expect(page.locator('#titik-impas')).toContainText('PPh final 0,1 %');
    await expect(page.getByText('Garis putus-putus: harga rata-rata Anda Rp 7.211.')).toBeVisible();
    await noSidewaysScroll(page);

    // Nothing in the last one or three years: the page opens on all history, and the IHSG line ends at its
    // last close with a note instead of running flat to the end of the portfolio's series.
    await page.goto(`${ORIGIN}/portofolio/metrics`);
    await expect(page.getByRole('group', { name: 'Periode' }).getByRole('link', { name: 'Semua' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await expect(page.getByText('Belum ada nilai portofolio pada periode ini.')).toHaveCount(0);
    await expect(page.getByTestId('akhir-pembanding')).toHaveText(
      'Data IHSG berakhir pada 22 Oktober 2021; garisnya berhenti di sana dan tidak diteruskan datar.',
    );
    await expect(page.getByTestId('data-terakhir')).toContainText(STALE);
    await noSidewaysScroll(page);
  }
});

test('perusahaan yang sudah delisting tidak ditawarkan lagi, halamannya menyebut sejak kapan; kode lama diarahkan ke kode baru', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  // The old code answers 301 to the new one, and a browser lands on the company under its new code.
  const moved = await request.get(`${ORIGIN}/analisis/GOJK`, { maxRedirects: 0 });
  expect(moved.status()).toBe(301);
  expect(moved.headers()['location']).toBe('/analisis/GOTO');
  await page.goto(`${ORIGIN}/analisis/gojk`);
  await expect(page).toHaveURL(`${ORIGIN}/analisis/GOTO`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('GOTO');

  // A delisted company's own page still answers, and says since when it is off the exchange.
  await page.goto(`${ORIGIN}/analisis/APOL`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('APOL');
  await expect(page.getByTestId('delisting')).toContainText('Dihapus dari bursa sejak 6 April 2020.');
  await expect(page.getByText('penutupan 3 April 2020', { exact: true })).toBeVisible();
  await expect(page.getByTestId('status-bei')).toHaveCount(0);

  // The header search suggests listed companies only.
  const box = page.getByRole('combobox', { name: 'Cari emiten (kode atau nama)' });
  await box.fill('Arpeni');
  await expect(page.locator('[aria-live="polite"]').filter({ hasText: 'Tidak ada emiten yang cocok.' })).toBeAttached();
  await expect(page.getByRole('listbox', { name: 'Saran emiten' })).toBeHidden();
  await box.fill('unilever');
  await expect(page.locator('[aria-live="polite"]').filter({ hasText: 'Tidak ada emiten yang cocok.' })).toBeAttached();
  await box.fill('bank');
  await expect(page.getByRole('listbox', { name: 'Saran emiten' }).getByRole('option')).toHaveText([/BBCA/]);

  // The analyses list leaves out the delisted UNVR's analysis (a listed company's stays), and its
  // search offers no delisted company.
  await page.goto(`${ORIGIN}/analisis`);
  await expect(page.getByRole('link', { name: /BBCA/ }).first()).toBeVisible();
  await expect(page.locator('main a[href^="/analisis/UNVR/"]')).toHaveCount(0);
  await page.goto(`${ORIGIN}/analisis?q=${encodeURIComponent('Ocean Line')}`);
  await expect(page.locator('main a[href="/analisis/APOL"]')).toHaveCount(0);

  // The screener holds the listed companies only.
  await page.goto(`${ORIGIN}/analisis/saring`);
  await expect(page.getByRole('status').filter({ hasText: 'dari 2 emiten' })).toContainText('2 dari 2 emiten.');
  const results = page.getByRole('table', { name: 'Hasil saringan' });
  await expect(results.getByRole('link', { name: 'BBCA' })).toBeVisible();
  await expect(results.getByRole('link', { name: 'GOTO' })).toBeVisible();
  await expect(page.locator('main a[href="/analisis/APOL"], main a[href="/analisis/UNVR"]')).toHaveCount(0);
});

test('notasi khusus dan suspensi tampil di halaman emiten dan di baris kepemilikan saham itu', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 812 });
  await page.goto(`${ORIGIN}/analisis/GOTO`);
  const flags = page.getByTestId('status-bei');
  await expect(flags.getByRole('heading', { name: 'Status GOTO di BEI' })).toBeVisible();
  await expect(flags.locator('.badge-flag')).toHaveText(['E', 'Suspensi']);
  await expect(flags).toContainText('Notasi E: Laporan keuangan terakhir menunjukkan ekuitas negatif.');
  await expect(flags).toContainText('Perdagangan dihentikan sementara (suspensi) menurut data bursa.');
  // BBCA has no flag: no status card.
  await page.goto(`${ORIGIN}/analisis/BBCA`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('BBCA');
  await expect(page.getByTestId('status-bei')).toHaveCount(0);

  // A member who holds GOTO sees the same flags on its holding row and on its holding page.
  await page.goto(`${ORIGIN}/sign-in`);
  await page.getByLabel('Email', { exact: true }).fill(DEMO.reguler);
  await page.getByLabel('Kata sandi', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Masuk', exact: true }).click();
  await expect(page).not.toHaveURL(/\/sign-in/, { timeout: 30_000 });
  for (const t of [
    { ticker: 'GOTO', price: '100', saved: 'Beli GOTO 1.000 lembar pada 1 Oktober 2021' },
    { ticker: 'BBCA', price: '36000', saved: 'Beli BBCA 1.000 lembar pada 1 Oktober 2021' },
  ]) {
    await page.goto(`${ORIGIN}/portofolio/transaksi`);
    const form = page.locator('form.tx-form');
    await form.getByLabel('Beli', { exact: true }).check();
    await form.getByLabel('Tanggal', { exact: true }).fill('2021-10-01');
    await form.getByLabel('Kode saham', { exact: true }).fill(t.ticker);
    await form.getByLabel('Jumlah', { exact: true }).fill('10');
    await form.getByLabel('Harga per lembar (Rp)', { exact: true }).fill(t.price);
    await form.getByRole('button', { name: 'Simpan transaksi' }).click();
    await expect(page.getByRole('status').first()).toContainText(t.saved);
  }
  await page.goto(`${ORIGIN}/portofolio/all`);
  const goto = page.getByRole('row').filter({ hasText: 'GOTO' });
  await expect(goto.getByTestId('status-badges')).toContainText('Status BEI: Notasi E:');
  await expect(goto.getByTestId('status-badges').locator('.badge-flag')).toHaveText(['E', 'Suspensi']);
  await expect(page.getByRole('row').filter({ hasText: 'BBCA' }).getByTestId('status-badges')).toHaveCount(0);
  await page.goto(`${ORIGIN}/portofolio/saham/GOTO`);
  await expect(page.getByTestId('status-bei').locator('.badge-flag')).toHaveText(['E', 'Suspensi']);
});
