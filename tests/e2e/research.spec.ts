import { axe } from './axe';
import type { Locator, Page } from '@playwright/test';
import { DEMO, expect, signInByPost, test } from './fixtures';

/** Colours in an element's screenshot: how many distinct ones, how much is not white, how much is the brand green. */
async function screenshotColours(page: Page, el: Locator) {
  const png = (await el.screenshot()).toString('base64');
  return page.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const c = document.createElement('canvas');
    c.width = img.width;
    c.height = img.height;
    const ctx = c.getContext('2d')!;
    ctx.drawImage(img, 0, 0);
    const d = ctx.getImageData(0, 0, c.width, c.height).data;
    const distinct = new Set<number>();
    let ink = 0;
    let green = 0;
    for (let i = 0; i < d.length; i += 4) {
      const [r, g, b] = [d[i]!, d[i + 1]!, d[i + 2]!];
      distinct.add((r << 16) | (g << 8) | b);
      if (r < 235 || g < 235 || b < 235) ink++;
      // The price line: #0b6b4f.
      if (Math.abs(r - 11) < 30 && Math.abs(g - 107) < 30 && Math.abs(b - 79) < 30) green++;
    }
    return { distinct: distinct.size, ink: ink / (d.length / 4), green };
  }, png);
}

test.describe('daftar analisis tanpa JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('pengunjung mencari "bank" di sektor Keuangan lewat formulir dan mendapat analisis BBCA dan BBRI', async ({
    page,
  }) => {
    await page.goto('/analisis');
    await page.getByLabel('Cari kode atau nama emiten').fill('bank');
    await page.getByLabel('Sektor').selectOption('Keuangan');
    await page.getByRole('button', { name: 'Terapkan' }).click();
    await expect(page).toHaveURL(/\/analisis\?q=bank&sektor=Keuangan/);
    await expect(page.getByText('5 analisis ditemukan.')).toBeVisible();
    const tickers = await page.locator('tbody tr td:first-child').allInnerTexts();
    expect(tickers.map((t) => t.trim()).sort()).toEqual(['BBCA', 'BBCA', 'BBCA', 'BBRI', 'BBRI']);
    // Newest first.
    const dates = await page.locator('tbody tr td:nth-child(3)').allInnerTexts();
    expect(dates[0]).toContain('2026');
    expect(dates.at(-1)).toContain('2024');
    // Banks without an analysis are still one tap away.
    const matches = page.getByRole('region', { name: 'Halaman emiten yang cocok' });
    await expect(matches.getByRole('link', { name: /BMRI/ })).toHaveAttribute('href', '/analisis/BMRI');
    // The filters keep their values, and the same URL works as a link.
    await expect(page.getByLabel('Sektor')).toHaveValue('Keuangan');
    await page.goto('/analisis?q=bank&sektor=Energi');
    await expect(page.getByText('0 analisis ditemukan.')).toBeVisible();
  });

  test('pengunjung mengurutkan berdasarkan potensi kenaikan dan menyaring rating Jual', async ({ page }) => {
    await page.goto('/analisis?rating=jual&urut=upside');
    const tickers = (await page.locator('tbody tr td:first-child').allInnerTexts()).map((t) => t.trim());
    expect(tickers.sort()).toEqual(['PTBA', 'UNVR']);
    await page.goto('/analisis?urut=upside&jenis=emiten');
    // Current calls first, by upside; a visitor sees paid calls' upside as "Terkunci" (docs/product.md §10.6, §10.9).
    const rows = page.locator('tbody tr').filter({ hasNotText: 'Sudah diperbarui' });
    const shown = (await rows.locator('td:last-child').allInnerTexts()).filter((t) => /\d/.test(t));
    expect(shown.length).toBeGreaterThan(1);
    const upsides = shown.map((t) =>
      Number(
        t
          .replace(/[^\d,−-]/g, '')
          .replace(',', '.')
          .replace('−', '-'),
      ),
    );
    expect(upsides).toEqual([...upsides].sort((a, b) => b - a));
  });
});

test.describe('halaman emiten', () => {
  test('grafik harga tampil di peramban dan rentang waktunya bisa diganti', async ({ page }) => {
    await page.goto('/analisis/BBCA');
    const chart = page.getByTestId('price-chart');
    await chart.scrollIntoViewIfNeeded();
    await expect(chart).toHaveAttribute('data-ready', 'true');
    await expect(chart.locator('canvas').first()).toBeVisible();
    await expect(page.getByRole('button', { name: '1 tahun' })).toHaveAttribute('aria-pressed', 'true');
    const caption = page.getByTestId('price-chart-caption');
    await expect(caption).toHaveText(/Harga BBCA 1 tahun terakhir: dari Rp [\d.]+ .* ke Rp [\d.]+/);
    const shot = await screenshotColours(page, chart);
    expect(shot.distinct, 'a drawn chart has many colours').toBeGreaterThan(30);
    expect(shot.ink, 'share of non-white pixels').toBeGreaterThan(0.03);
    expect(shot.green, 'pixels of the price line').toBeGreaterThan(200);

    await page.getByRole('button', { name: '1 bulan' }).click();
    await expect(page.getByRole('button', { name: '1 bulan' })).toHaveAttribute('aria-pressed', 'true');
    await expect(caption).toHaveText(/Harga BBCA 1 bulan terakhir/);
    await page.getByRole('button', { name: '5 tahun' }).click();
    // Three years of data under "5 tahun": the caption names the first date, not "5 tahun terakhir" (§10.17).
    await expect(caption).toHaveText(
      /Harga BBCA sejak \d+ \w+ 2023 \(data yang tersedia\): dari Rp [\d.]+ \(\d+ \w+ 2023\)/,
    );
  });

  test('angka kunci menunjukkan rumusnya saat diketuk', async ({ page }) => {
    await page.goto('/analisis/BBCA');
    const per = page.locator('[data-figure="per"]');
    await expect(per.locator('dd').first()).toHaveText(/^\d+,\dx$/);
    await expect(per.locator('dt')).toHaveAttribute(
      'title',
      /PER = harga penutupan ÷ laba per saham \(EPS\) 4 kuartal terakhir/,
    );
    await expect(per.getByText(/^Rp [\d.]+ ÷ Rp [\d.,]+ = \d+,\dx$/)).toBeHidden();
    await per.getByText('Cara hitung').click();
    await expect(per.getByText(/^Rp [\d.]+ ÷ Rp [\d.,]+ = \d+,\dx$/)).toBeVisible();
    for (const id of ['kapitalisasi', 'pbv', 'yield', 'roe']) {
      await expect(page.locator(`[data-figure="${id}"] dd`).first()).not.toHaveText('—');
    }
  });

  test('halaman emiten menampilkan riwayat dividen dan analisis dengan target harga', async ({ page }) => {
    // The latest BBCA call is Premium: its target is for Premium members (docs/product.md §10.6).
    await signInByPost(page, DEMO.premium);
    await page.goto('/analisis/BBCA');
    const history = page.getByRole('list', { name: /Analisis dan riwayat target harga/ });
    await expect(history.getByRole('listitem')).toHaveCount(3);
    await expect(history.getByRole('listitem').first()).toContainText('Rp 10.400');
    await expect(history.getByRole('listitem').first()).toContainText('−2,8 %');
    const dividends = page.getByRole('table', { name: /Riwayat dividen tunai/ });
    await expect(dividends.getByRole('row')).toHaveCount(7);
    await expect(dividends).toContainText('Akan datang');
    // GOTO makes a loss: no PER, and no dividend.
    await page.goto('/analisis/GOTO');
    await expect(page.locator('[data-figure="per"] dd').first()).toHaveText('Rugi');
    await expect(page.getByText('Belum ada dividen tunai dalam data kami.')).toBeVisible();
  });

  test('emiten tanpa analisis tetap punya band PER dan PBV dari data pasar; emiten beranalisis tidak mengulangnya', async ({
    page,
  }) => {
    await page.goto('/analisis/BMRI');
    await expect(page.getByText('Belum ada analisis untuk emiten ini.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Valuasi BMRI dari data pasar' })).toBeVisible();
    for (const kind of ['per', 'pbv']) {
      const band = page.getByTestId(`band-${kind}`);
      await band.scrollIntoViewIfNeeded();
      await expect(band.locator('canvas').first()).toBeVisible();
      await expect(page.getByTestId(`band-${kind}-summary`)).toHaveText(
        new RegExp(`^${kind.toUpperCase()} saat ini \\d+,\\dx`),
      );
    }
    await page.goto('/analisis/BBCA');
    await expect(page.getByRole('heading', { name: 'Analisis dan riwayat target harga' })).toBeVisible();
    await expect(page.getByRole('heading', { name: /^Valuasi BBCA/ })).toHaveCount(0);
  });

  test('analisis yang tidak ada mendapat halaman 404', async ({ request }) => {
    expect((await request.get('/analisis/BBCA/tidak-ada')).status()).toBe(404);
    expect((await request.get('/analisis/non-emiten/tidak-ada')).status()).toBe(404);
    expect((await request.get('/api/emiten/ZZZZ/harga')).status()).toBe(404);
    const lower = await request.get('/analisis/bbca/kinerja-kuartal-iii-2026', { maxRedirects: 0 });
    expect(lower.status()).toBe(301);
    expect(lower.headers()['location']).toBe('/analisis/BBCA/kinerja-kuartal-iii-2026');
  });
});

test.describe('halaman analisis', () => {
  test('pembaca mengubah asumsi DCF dan melihat nilai wajar dihitung ulang', async ({ page }) => {
    // The analyst's DCF inputs are part of this Premium call (docs/product.md §10.6).
    await signInByPost(page, DEMO.premium);
    await page.goto('/analisis/BBCA/kinerja-kuartal-iii-2026');
    const value = page.getByTestId('dcf-value');
    await value.scrollIntoViewIfNeeded();
    // The analyst's assumptions reproduce the analyst's fair value (Rp 10.450) to within a rounding.
    await expect(value).toHaveText('Rp 10.458');
    await expect(page.getByLabel(/Pertumbuhan per tahun/)).toHaveValue('7');
    await expect(page.getByLabel(/Tingkat diskonto/)).toHaveValue('10,5');
    await page.getByLabel(/Pertumbuhan per tahun/).fill('10');
    await expect(value).not.toHaveText('Rp 10.458');
    const higher = Number((await value.innerText()).replace(/\D/g, ''));
    expect(higher).toBeGreaterThan(10_458);
    // An Indonesian decimal comma and a dot read the same: 7,5 % is 7.5 %, never 75 %.
    const higherText = await value.innerText();
    await page.getByLabel(/Pertumbuhan per tahun/).fill('7,5');
    await expect(value).not.toHaveText(higherText);
    const withComma = await value.innerText();
    expect(Number(withComma.replace(/\D/g, ''))).toBeGreaterThan(10_458);
    expect(Number(withComma.replace(/\D/g, ''))).toBeLessThan(higher);
    await page.getByLabel(/Pertumbuhan per tahun/).fill('7.5');
    await expect(value).toHaveText(withComma);
    await page.getByLabel(/Pertumbuhan per tahun/).fill('7,5,1');
    await expect(page.getByText('Pertumbuhan harus berupa angka, misalnya 7,5.')).toBeVisible();
    await page.getByLabel(/Pertumbuhan per tahun/).fill('10');
    await page.getByLabel(/Pertumbuhan terminal/).fill('12');
    await expect(page.getByText('Pertumbuhan terminal harus lebih kecil dari tingkat diskonto.')).toBeVisible();
    await expect(page.getByLabel(/Pertumbuhan terminal/)).toHaveAttribute('aria-invalid', 'true');
    await page.getByRole('button', { name: 'Kembalikan asumsi analis' }).click();
    await expect(value).toHaveText('Rp 10.458');
  });

  test('band PER dan PBV tergambar dengan posisi saat ini', async ({ page }) => {
    await page.goto('/analisis/TLKM/kinerja-semester-i-2026');
    for (const kind of ['per', 'pbv']) {
      const band = page.getByTestId(`band-${kind}`);
      await band.scrollIntoViewIfNeeded();
      await expect(band.locator('canvas').first()).toBeVisible();
      await expect(page.getByTestId(`band-${kind}-summary`)).toHaveText(
        new RegExp(`^${kind.toUpperCase()} saat ini \\d+,\\dx`),
      );
      expect((await screenshotColours(page, band)).green).toBeGreaterThan(100);
    }
  });
});

test.describe('pencarian emiten di header', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('pengunjung mengetik "bank" dan memilih saran dengan keyboard', async ({ page }) => {
    await page.goto('/');
    const box = page.getByRole('combobox', { name: 'Cari emiten (kode atau nama)' });
    await box.fill('bank');
    const list = page.getByRole('listbox', { name: 'Saran emiten' });
    await expect(list).toBeVisible();
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    // Equal matches (a name word) rank by size, market capitalisation at the demo's last close: the
    // biggest bank first.
    await expect(list.getByRole('option')).toHaveText([/BBRI/, /BBCA/, /BMRI/, /BRIS/, /BBNI/]);
    await expect(page.locator('[aria-live="polite"]').filter({ hasText: '5 saran emiten' })).toBeAttached();
    await box.press('ArrowDown');
    await box.press('ArrowDown');
    await expect(list.getByRole('option', { name: /BBCA/ })).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute('aria-activedescendant', 'header-q-saran-1');
    await box.press('Escape');
    await expect(list).toBeHidden();
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await box.press('ArrowDown');
    await box.press('ArrowDown');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/analisis\/BBRI$/);
  });

  test('Enter tanpa memilih saran membuka hasil pencarian, klik saran membuka halaman emiten', async ({ page }) => {
    await page.goto('/courses');
    const box = page.getByRole('combobox', { name: 'Cari emiten (kode atau nama)' });
    await box.fill('telkom');
    await page.getByRole('option', { name: /TLKM/ }).click();
    await expect(page).toHaveURL(/\/analisis\/TLKM$/);
    await page.getByRole('combobox', { name: 'Cari emiten (kode atau nama)' }).fill('asia');
    await page.getByRole('combobox', { name: 'Cari emiten (kode atau nama)' }).press('Enter');
    await expect(page).toHaveURL(/\/analisis\?q=asia$/);
  });
});

test.describe('aksesibilitas halaman riset', () => {
  for (const path of [
    '/analisis',
    '/analisis/BBCA',
    '/analisis/BBCA/kinerja-kuartal-iii-2026',
    '/analisis/non-emiten/emas-vs-saham-lindung-nilai',
  ]) {
    test(`${path} lolos pemeriksaan aksesibilitas axe`, async ({ page }) => {
      await page.goto(path, { waitUntil: 'networkidle' });
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.waitForLoadState('networkidle');
      const results = await axe(page).analyze();
      const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    });
  }
});

test('halaman riset tidak menggulir ke samping di layar 360 px', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  for (const path of [
    '/analisis/BBCA',
    '/analisis/BBCA/kinerja-kuartal-iii-2026',
    '/analisis/non-emiten/emas-vs-saham-lindung-nilai',
  ]) {
    await page.goto(path, { waitUntil: 'networkidle' });
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForLoadState('networkidle');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
  }
});

test.describe('pencarian dan filter analisis', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('kode emiten persis + Enter langsung membuka halamannya, filter berlaku saat diubah', async ({ page }) => {
    await page.goto('/analisis');
    await page.getByLabel('Cari kode atau nama emiten').fill('bbca');
    await page.getByLabel('Cari kode atau nama emiten').press('Enter');
    await expect(page).toHaveURL(/\/analisis\/BBCA$/);

    await page.goto('/analisis');
    await page.getByLabel('Rating').selectOption('jual');
    await expect(page).toHaveURL(/[?&]rating=jual/);
    const tickers = (await page.locator('tbody tr td:first-child').allInnerTexts()).map((t) => t.trim());
    expect(tickers.sort()).toEqual(['PTBA', 'UNVR']);
    // The sector select shows its whole label.
    const sector = page.getByLabel('Sektor');
    expect(await sector.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  });
});
