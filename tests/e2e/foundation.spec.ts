import { DEMO, DEMO_PASSWORD, expect, test } from './fixtures';
import { ROUTES } from './routes';

test.describe('setiap rute brief tersedia', () => {
  for (const route of ROUTES) {
    test(`pengunjung membuka ${route.path}`, async ({ request }) => {
      const res = await request.get(route.path, { maxRedirects: 0 });
      expect(res.status(), `${route.path} must not fail`).toBeLessThan(500);
      if (route.access === 'public' && route.redirectsTo) {
        expect(res.status()).toBe(302);
        expect(res.headers()['location']).toBe(route.redirectsTo);
      } else if (route.access === 'public') {
        expect(res.status()).toBe(route.status ?? 200);
        expect(await res.text()).toContain('<html lang="id"');
      } else if (route.access === 'member') {
        expect(res.status()).toBe(302);
        const location = res.headers()['location'] ?? '';
        expect(location).toBe(`/sign-in?callbackUrl=${encodeURIComponent(route.path)}`);
      } else {
        expect(res.status()).toBe(404);
      }
    });
  }
});

test('anggota yang keluar diarahkan ke halaman masuk lalu kembali ke callbackUrl', async ({ page }) => {
  await page.goto('/portofolio/transaksi');
  await expect(page).toHaveURL(/\/sign-in\?callbackUrl=%2Fportofolio%2Ftransaksi$/);
  await expect(page.getByRole('heading', { name: 'Masuk ke Telaah' })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(DEMO.gratis);
  await page.getByLabel('Kata sandi', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Masuk', exact: true }).click();
  await expect(page).toHaveURL(/\/portofolio\/transaksi$/);
});

test('alamat yang tidak ada mendapat halaman 404 berbahasa Indonesia dengan pencarian', async ({ page }) => {
  const res = await page.goto('/halaman-yang-tidak-ada');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Halaman tidak ditemukan' })).toBeVisible();
  await page.getByRole('searchbox', { name: /Cari emiten atau analisis/ }).fill('bank');
  await page.getByRole('button', { name: 'Cari' }).last().click();
  await expect(page).toHaveURL(/\/analisis\?q=bank/);
});

test('kode emiten huruf kecil dialihkan permanen ke huruf besar, kode tak dikenal 404', async ({ request }) => {
  const lower = await request.get('/analisis/bbca', { maxRedirects: 0 });
  expect(lower.status()).toBe(301);
  expect(lower.headers()['location']).toBe('/analisis/BBCA');
  const unknown = await request.get('/analisis/ZZZZ');
  expect(unknown.status()).toBe(404);
  expect(await unknown.text()).toContain('Halaman tidak ditemukan');
});

test('kode yang salah ketik mendapat "maksud Anda BBCA?" di halaman 404 dan di pencarian', async ({ page }) => {
  const res = await page.goto('/analisis/BBCX');
  expect(res?.status()).toBe(404);
  const hint = page.getByTestId('maksud-anda');
  await expect(hint).toContainText('Kode BBCX tidak ada. Maksud Anda');
  await hint.getByRole('link', { name: 'BBCA', exact: true }).click();
  await expect(page).toHaveURL(/\/analisis\/BBCA$/);

  await page.goto('/analisis?q=bbac');
  await expect(page.getByTestId('maksud-anda').getByRole('link', { name: 'BBCA', exact: true })).toBeVisible();
  // Words that are no code get no guess.
  await page.goto('/analisis?q=kata%20yang%20tidak%20ada');
  await expect(page.getByText('Tidak ada analisis yang cocok.')).toBeVisible();
  await expect(page.getByTestId('maksud-anda')).toHaveCount(0);
});

test('halaman emiten menampilkan data demo dari basis data', async ({ page }) => {
  await page.goto('/analisis/BBCA');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('PT Bank Central Asia Tbk');
  await expect(page.getByText('Data demo.')).toBeVisible();
  await expect(page.getByText(/^Rp \d{1,3}(\.\d{3})*$/).first()).toBeVisible();
});

test('tampilan seluler 360 px tidak menggulir ke samping', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  for (const path of ['/', '/analisis', '/pick-membership', '/courses', '/starting-guide/faq', '/sign-in']) {
    await page.goto(path);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
  }
  await page.goto('/');
  await page.getByText('Menu', { exact: true }).click();
  await expect(
    page.getByRole('navigation', { name: 'Navigasi utama (seluler)' }).getByRole('link', { name: 'Analisis' }),
  ).toBeVisible();
});
