import { type Page } from '@playwright/test';
import { DEMO, expect, freshMember, hydrated, signIn, signInAdmin, signInByPost, test } from './fixtures';

const PAGES = ['/portofolio/all', '/portofolio/dividen', '/portofolio/metrics', '/portofolio/transaksi'] as const;

async function transactionTotal(page: Page): Promise<number> {
  const res = await page.request.get('/api/portfolio/transactions?pageSize=1');
  expect(res.status()).toBe(200);
  return ((await res.json()) as { total: number }).total;
}

test.describe('layar portofolio untuk setiap anggota demo', () => {
  for (const who of ['premium', 'reguler', 'gratis'] as const) {
    test(`anggota ${who} membuka keempat layar portofolio di ponsel`, async ({ page }) => {
      await page.setViewportSize({ width: 360, height: 740 });
      await signIn(page, DEMO[who]);
      await expect(page).toHaveURL(/\/portofolio\/all$/);
      for (const path of PAGES) {
        const res = await page.goto(path);
        expect(res?.status(), path).toBe(200);
        await expect(page.locator('[data-island-error]')).toHaveCount(0);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
      }
      await page.goto('/portofolio/all');
      await expect(page.getByRole('heading', { name: 'Semua kepemilikan' })).toBeVisible();
      await expect(
        page.getByRole('list', { name: 'Kepemilikan saham' }).getByRole('link', { name: 'BBRI' }),
      ).toBeVisible();
      await expect(page.getByText('Total imbal hasil')).toBeVisible();
    });
  }
});

test('anggota tanpa transaksi diajak mencatat transaksi pertama', async ({ page }) => {
  await signInAdmin(page, { callbackUrl: '/portofolio/all' });
  await expect(page.getByRole('heading', { name: 'Portofolio Anda masih kosong' })).toBeVisible();
  await page.goto('/portofolio/metrics');
  await expect(page.getByRole('heading', { name: 'Belum ada kinerja untuk diukur' })).toBeVisible();
  await page.goto('/portofolio/transaksi');
  await expect(page.getByText('Belum ada transaksi.')).toBeVisible();
  await expect(page.getByRole('link', { name: /^Ekspor CSV/ })).toHaveCount(0);
});

test('anggota premium menyaring kepemilikan per portofolio dan menyembunyikan nominal di semua halaman', async ({
  page,
}) => {
  await signInByPost(page, DEMO.premium);
  await page.goto('/portofolio/all');
  const table = page.getByRole('table');
  await expect(table.getByRole('link', { name: 'BBCA' })).toBeVisible();
  // A choice made before the island hydrates would be reset by it.
  await hydrated(page, 'HoldingsOverview');
  await page.getByLabel('Tampilkan').selectOption({ label: 'Dividen' });
  await expect(table.getByRole('link', { name: 'PTBA' })).toBeVisible();
  await expect(table.getByRole('link', { name: 'BBCA' })).toHaveCount(0);
  await table.getByRole('button', { name: 'Kode' }).click();
  await expect(table.locator('tbody tr').first()).toContainText('BBRI');

  const marketValue = page.locator('.stat-value .amount').first();
  await expect(marketValue).toBeVisible();
  await page.getByRole('button', { name: 'Sembunyikan nominal' }).click();
  await expect(page.getByRole('button', { name: 'Sembunyikan nominal' })).toHaveAttribute('aria-pressed', 'true');
  await expect(marketValue).toBeHidden();
  await page.goto('/portofolio/dividen');
  await expect(page.locator('html')).toHaveAttribute('data-hide-amounts', '');
  await expect(page.locator('.stat-value .amount').first()).toBeHidden();
  await expect(page.getByRole('button', { name: 'Sembunyikan nominal' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Sembunyikan nominal' }).click();
  await expect(page.locator('.stat-value .amount').first()).toBeVisible();
});

test('anggota premium melihat dividen diterima per tahun dan dividen yang akan datang', async ({ page }) => {
  await signInByPost(page, DEMO.premium);
  await page.goto('/portofolio/dividen');
  await expect(page.getByText('Diterima (neto)')).toBeVisible();
  await expect(page.locator('.stat-label', { hasText: 'Imbal hasil dividen atas modal' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Dividen per tahun pembayaran' }).getByRole('row')).not.toHaveCount(1);
  await page.locator('.chart-box').scrollIntoViewIfNeeded();
  await expect(page.locator('.chart-box canvas').first()).toBeVisible();
  const upcoming = page.locator('#akan-datang + p + .table-wrap tbody tr');
  await expect(upcoming.first()).toBeVisible();
  await expect(page.locator('#diterima + .table-wrap tbody tr').first()).toContainText('Otomatis');
});

test('anggota reguler membandingkan kinerja dengan IHSG dan mengganti periode', async ({ page }) => {
  await signInByPost(page, DEMO.reguler);
  await page.goto('/portofolio/metrics');
  const period = page.getByRole('group', { name: 'Periode' });
  await expect(period.getByRole('link', { name: '1T' })).toHaveAttribute('aria-current', 'true');
  await expect(page.getByText(/^Periode 1 tahun terakhir: \d+ November 2025 – 20 November 2026\.$/)).toBeVisible();
  for (const label of [
    'Keuntungan atas modal',
    'Imbal hasil berbobot waktu',
    'Imbal hasil berbobot uang per tahun',
    'Penurunan terdalam',
    'Volatilitas per tahun',
  ]) {
    await expect(page.locator('.stat-label').filter({ hasText: label })).toBeVisible();
  }
  await expect(page.getByText(/adil dibandingkan dengan IHSG/)).toBeVisible();
  await hydrated(page, 'MetricsPanel');
  await period.getByRole('link', { name: 'YTD' }).click();
  await expect(page.getByText(/^Periode sejak awal tahun: \d+ Januari 2026 – 20 November 2026\.$/)).toBeVisible();
  await period.getByRole('link', { name: 'Semua' }).click();
  await expect(page.getByText(/^Periode sejak transaksi pertama:/)).toBeVisible();
  await expect(page.locator('.chart-box canvas').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Per sektor' })).toBeVisible();
});

test('anggota melihat biaya otomatis dari tarif portofolio saat mengisi formulir', async ({ page }) => {
  await signInByPost(page, DEMO.premium);
  await page.goto('/portofolio/transaksi');
  const form = page.locator('form.tx-form');
  await form.getByLabel('Jumlah', { exact: true }).fill('5');
  await form.getByLabel('Harga per lembar (Rp)', { exact: true }).fill('8.950');
  await expect(form.getByText('Kosongkan untuk biaya otomatis Rp 6.713 (0,15 % dari Rp 4.475.000).')).toBeVisible();
  await form.getByLabel('Jual', { exact: true }).check();
  await expect(form.getByText('Kosongkan untuk biaya otomatis Rp 11.188 (0,25 % dari Rp 4.475.000).')).toBeVisible();
  await form.getByLabel('Dividen manual', { exact: true }).check();
  await expect(form.getByLabel('Dividen per lembar (Rp)', { exact: true })).toBeVisible();
  await expect(form.getByLabel('Biaya (Rp)', { exact: true })).toBeHidden();
});

test('anggota mengimpor CSV: berkas yang salah tidak menyimpan apa pun, berkas yang diperbaiki diimpor sekali', async ({
  page,
}) => {
  await freshMember(page);
  const before = await transactionTotal(page);
  const bad =
    'tanggal,kode,jenis,lembar,harga,biaya\n2026-10-01,ICBP,beli,200,10500,\n2026-10-02,ZZZZ,beli,100,1000,\n2026-11-02,ICBP,jual,100,11000,\n';
  const fixed = bad.replace('ZZZZ', 'KLBF');
  await page.goto('/portofolio/transaksi');
  // A check that finds mistakes is an expected answer, not a failed request the browser logs as an error.
  const consoleErrors: string[] = [];
  page.on('console', (m) => void (m.type() === 'error' && consoleErrors.push(m.text())));
  await page.locator('#impor').scrollIntoViewIfNeeded();
  const check = page.getByRole('button', { name: 'Periksa berkas' });
  await expect(check).toBeVisible();

  await page
    .getByLabel('Berkas CSV')
    .setInputFiles({ name: 'transaksi.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
  await check.click();
  await expect(page.getByText('Baris 3, kolom kode: Kode saham ZZZZ tidak dikenal.')).toBeVisible();
  await expect(page.getByText(/tidak ada transaksi yang diimpor/)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Impor \d+ transaksi$/ })).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
  expect(await transactionTotal(page)).toBe(before);

  await page
    .getByLabel('Berkas CSV')
    .setInputFiles({ name: 'transaksi.csv', mimeType: 'text/csv', buffer: Buffer.from(fixed) });
  await check.click();
  await expect(page.getByText('3 transaksi siap diimpor ke Portofolio utama.')).toBeVisible();
  await expect(page.getByRole('table', { name: /Pratinjau 3 dari 3 baris/ })).toContainText('KLBF');
  await page.getByRole('button', { name: 'Impor 3 transaksi' }).click();
  await expect(page.getByText('3 transaksi diimpor ke Portofolio utama.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Lihat daftar transaksi' })).toBeVisible();
  expect(await transactionTotal(page)).toBe(before + 3);
  // The list on the same page shows the imported rows without a reload.
  await expect(page.locator('.tx-table')).toContainText('KLBF');

  await page
    .getByLabel('Berkas CSV')
    .setInputFiles({ name: 'transaksi-lagi.csv', mimeType: 'text/csv', buffer: Buffer.from(fixed) });
  await check.click();
  await expect(
    page.getByText(
      /^Berkas ini sudah pernah diimpor ke Portofolio utama pada .*; tidak ada transaksi yang ditambahkan\.$/,
    ),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: /^Impor \d+ transaksi$/ })).toHaveCount(0);
  expect(await transactionTotal(page)).toBe(before + 3);

  await page.goto('/portofolio/transaksi');
  await expect(page.locator('.tx-table')).toContainText('KLBF');
  await expect(page.getByRole('link', { name: /^Ekspor CSV/ })).toHaveAttribute(
    'href',
    /^\/api\/portfolio\/export\?portfolio=/,
  );
  const exported = await page.request.get('/api/portfolio/export');
  expect(exported.headers()['content-type']).toContain('text/csv');
  const csv = await exported.text();
  expect(csv.startsWith('tanggal,kode,jenis,lembar,harga,biaya\n')).toBe(true);
  expect(csv).toContain('2026-10-02,KLBF,beli,100,1000,150\n');
});

test.describe('tanpa JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('anggota mencatat, mengubah, dan menghapus transaksi; perubahan yang merusak penjualan sesudahnya ditolak dengan menyebut penjualan itu', async ({
    page,
  }) => {
    await freshMember(page);
    await page.goto('/portofolio/transaksi');
    const form = page.locator('form.tx-form');
    await form.getByLabel('Beli', { exact: true }).check();
    await form.getByLabel('Tanggal', { exact: true }).fill('2026-10-01');
    await form.getByLabel('Kode saham', { exact: true }).fill('asii');
    await form.getByLabel('Jumlah', { exact: true }).fill('5');
    await form.getByLabel('Harga per lembar (Rp)', { exact: true }).fill('5.301');
    await form.getByRole('button', { name: 'Simpan transaksi' }).click();
    const status = page.getByRole('status').first();
    await expect(status).toContainText('Beli ASII 500 lembar pada 1 Oktober 2026 (biaya Rp 3.976) tersimpan.');
    await expect(status).toContainText('Harga Rp 5.301 di luar fraksi harga BEI pada 1 Oktober 2026 (kelipatan Rp 25)');

    await form.getByLabel('Jual', { exact: true }).check();
    await form.getByLabel('Tanggal', { exact: true }).fill('2026-11-02');
    await form.getByLabel('Kode saham', { exact: true }).fill('ASII');
    await form.getByLabel('Jumlah', { exact: true }).fill('3');
    await form.getByLabel('Harga per lembar (Rp)', { exact: true }).fill('5400');
    await form.getByRole('button', { name: 'Simpan transaksi' }).click();
    await expect(page.getByRole('status').first()).toContainText('Jual ASII 300 lembar pada 2 November 2026');

    await form.getByLabel('Jual', { exact: true }).check();
    await form.getByLabel('Tanggal', { exact: true }).fill('2026-11-03');
    await form.getByLabel('Kode saham', { exact: true }).fill('ASII');
    await form.getByLabel('Jumlah', { exact: true }).fill('3');
    await form.getByLabel('Harga per lembar (Rp)', { exact: true }).fill('5400');
    await form.getByRole('button', { name: 'Simpan transaksi' }).click();
    await expect(
      form
        .getByText('Jumlah jual 300 lembar ASII melebihi saham yang Anda pegang pada 3 November 2026 (200 lembar).')
        .first(),
    ).toBeVisible();

    await page.goto('/portofolio/transaksi');
    await page.getByRole('link', { name: /^Ubah beli ASII/ }).click();
    const editing = page.getByRole('heading', { name: /^Ubah transaksi: Beli ASII \d\d Okt 2026$/ });
    await expect(editing).toBeVisible();
    // The heading sits below the sticky header, not under it.
    const header = (await page.locator('.site-header').boundingBox())!;
    expect((await editing.boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height);
    await expect(form.getByLabel('Jumlah', { exact: true })).toHaveValue('5');
    await form.getByLabel('Jumlah', { exact: true }).fill('2');
    await form.getByRole('button', { name: 'Simpan perubahan' }).click();
    await expect(page.getByRole('alert')).toContainText(
      'Perubahan ini ditolak karena penjualan ASII 300 lembar pada 2 November 2026 akan melebihi saham yang dipegang saat itu (200 lembar).',
    );
    await form.getByLabel('Jumlah', { exact: true }).fill('4');
    await form.getByRole('button', { name: 'Simpan perubahan' }).click();
    await expect(page.getByRole('status').first()).toContainText(
      'Beli ASII 400 lembar pada 1 Oktober 2026 (biaya Rp 3.181) diperbarui.',
    );

    await page.getByRole('link', { name: /^Hapus beli ASII/ }).click();
    await expect(page.getByRole('heading', { name: 'Hapus transaksi ini?' })).toBeInViewport();
    await page.getByRole('button', { name: 'Ya, hapus' }).click();
    await expect(page.getByRole('alert')).toContainText(
      'Transaksi ini tidak bisa dihapus karena penjualan ASII 300 lembar pada 2 November 2026 akan melebihi saham yang dipegang saat itu (0 lembar).',
    );
    await page.getByRole('link', { name: /^Hapus jual ASII/ }).click();
    await page.getByRole('button', { name: 'Ya, hapus' }).click();
    await expect(page.getByRole('status').first()).toContainText(
      'Jual ASII 300 lembar pada 2 November 2026 (biaya Rp 4.050) dihapus.',
    );
    await page.getByRole('link', { name: /^Hapus beli ASII/ }).click();
    await page.getByRole('button', { name: 'Ya, hapus' }).click();
    await expect(page.getByRole('status').first()).toContainText('Beli ASII 400 lembar pada 1 Oktober 2026');
    await expect(page.getByRole('link', { name: /ASII/ })).toHaveCount(0);
  });

  test('anggota mengimpor CSV tanpa JavaScript: kesalahan disebut per baris, lalu berkas yang benar diimpor', async ({
    page,
  }) => {
    await freshMember(page);
    await page.goto('/portofolio/transaksi');
    const file = (ticker: string) => ({
      name: 'impor.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`date,ticker,type,shares,price,fee\n02/11/2026,${ticker},buy,100,"1.250",\n`),
    });
    await page.getByLabel('Berkas CSV').setInputFiles(file('ZZZZ'));
    await page.getByRole('button', { name: 'Impor berkas' }).click();
    await expect(page.getByRole('alert')).toContainText('Baris 2, kolom ticker: Kode saham ZZZZ tidak dikenal.');
    await page.getByLabel('Berkas CSV').setInputFiles(file('KLBF'));
    await page.getByRole('button', { name: 'Impor berkas' }).click();
    // KLBF traded at Rp 1.115–1.125 that day: the row is imported with a warning naming the range (§10.7).
    await expect(page.getByRole('status').first()).toContainText('1 transaksi diimpor ke Portofolio utama.');
    await expect(page.getByRole('status').first()).toContainText('di luar rentang harga KLBF');
    await expect(page.locator('.tx-table')).toContainText('KLBF');
  });
});

test('anggota membuat portofolio kedua, mengganti nama dan pengaturannya', async ({ page, baseURL }) => {
  await freshMember(page);
  // The first trade opens the member's main portfolio.
  const first = await page.request.post('/api/portfolio/transactions', {
    headers: { origin: baseURL! },
    data: { ticker: 'BBCA', date: '2026-11-02', type: 'buy', shares: 100, price: 9_000 },
  });
  expect(first.status(), await first.text()).toBe(201);
  await page.goto('/portofolio/transaksi');
  await page.getByText('Buat portofolio baru').click();
  const create = page.locator('form.new-portfolio');
  await create.getByLabel('Nama portofolio baru').fill('Portofolio utama');
  await create.getByRole('button', { name: 'Buat portofolio' }).click();
  await expect(page.locator('form.new-portfolio').getByRole('alert')).toHaveText(
    'Anda sudah punya portofolio dengan nama ini.',
  );
  await page.locator('form.new-portfolio').getByLabel('Nama portofolio baru').fill('Sekuritas B');
  await page.locator('form.new-portfolio').getByLabel('Biaya beli (%)').fill('0,19');
  await page.locator('form.new-portfolio').getByRole('button', { name: 'Buat portofolio' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Portofolio Sekuritas B dibuat.' })).toBeVisible();

  const settings = page.locator('#pengaturan form').first();
  await expect(settings.getByRole('heading', { name: 'Sekuritas B' })).toBeVisible();
  await expect(settings.getByLabel('Biaya beli (%)')).toHaveValue('0,19');
  await settings.getByLabel('Nama', { exact: true }).fill('Sekuritas B Syariah');
  await settings.getByRole('radio', { name: /^Tetap 0 %/ }).check();
  await settings.getByRole('button', { name: 'Simpan pengaturan' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Pengaturan Sekuritas B Syariah disimpan.' })).toBeVisible();
  await expect(
    page
      .locator('#pengaturan form')
      .first()
      .getByRole('radio', { name: /^Tetap 0 %/ }),
  ).toBeChecked();
  await expect(page.getByLabel('Portofolio', { exact: true }).first()).toContainText('Sekuritas B Syariah');
});

test('anggota tidak bisa membaca atau mengubah portofolio anggota lain lewat API', async ({ browser, baseURL }) => {
  const owner = await browser.newPage({ baseURL });
  await signIn(owner, DEMO.premium);
  const { portfolios } = (await (await owner.request.get('/api/portfolio/portfolios')).json()) as {
    portfolios: { id: string }[];
  };
  const mine = portfolios[0]!.id;
  const { items } = (await (await owner.request.get(`/api/portfolio/transactions?portfolio=${mine}`)).json()) as {
    items: { id: string; shares: number }[];
  };
  const tx = items[0]!;

  const other = await browser.newPage({ baseURL });
  await signIn(other, DEMO.gratis);
  const api = other.request;
  // Writes carry the Origin header, as a same-site fetch from the browser does.
  const origin = { origin: baseURL! };
  for (const path of ['holdings', 'dividends', 'metrics', 'transactions', 'export']) {
    const res = await api.get(`/api/portfolio/${path}?portfolio=${mine}`);
    expect(res.status(), path).toBe(404);
    expect(((await res.json()) as { error: string }).error).toBe('Portofolio tidak ditemukan.');
  }
  expect((await api.get(`/api/portfolio/transactions/${tx.id}`)).status()).toBe(404);
  expect(
    (await api.patch(`/api/portfolio/transactions/${tx.id}`, { headers: origin, data: { shares: 1 } })).status(),
  ).toBe(404);
  expect((await api.delete(`/api/portfolio/transactions/${tx.id}`, { headers: origin })).status()).toBe(404);
  expect(
    (await api.patch(`/api/portfolio/portfolios/${mine}`, { headers: origin, data: { name: 'Punya saya' } })).status(),
  ).toBe(404);
  const post = await api.post('/api/portfolio/transactions', {
    headers: origin,
    data: { portfolioId: mine, date: '2026-11-02', ticker: 'BBCA', type: 'buy', shares: 100, price: 9000 },
  });
  expect(post.status()).toBe(404);
  const imported = await api.post(`/api/portfolio/import?portfolio=${mine}`, {
    headers: { ...origin, 'content-type': 'text/csv' },
    data: 'tanggal,kode,jenis,lembar,harga\n2026-11-02,BBCA,beli,100,9000\n',
  });
  expect(imported.status()).toBe(404);
  const own = await api.get('/api/portfolio/transactions');
  expect(((await own.json()) as { items: { portfolioId: string }[] }).items.every((t) => t.portfolioId !== mine)).toBe(
    true,
  );

  const after = (await (await owner.request.get(`/api/portfolio/transactions/${tx.id}`)).json()) as {
    transaction: { shares: number };
  };
  expect(after.transaction.shares).toBe(tx.shares);
  expect((await owner.request.get('/api/portfolio/portfolios')).ok()).toBe(true);
  const anonymous = await browser.newContext({ baseURL });
  expect((await anonymous.request.get('/api/portfolio/holdings')).status()).toBe(401);
  await anonymous.close();
});
